package main

// A retry loop whose attempt function defers two calls (closing the
// response, cancelling its context), run a hundred times, in a program
// large enough that the type checker's tables grow past one table: the
// size once crashed the browser's runtime in the front end (a deferred
// call without arguments looked a nil expression up in them).

import (
	"context"
	"errors"
	"fmt"
)

type response struct {
	status int
	closed *int
}

func (r *response) Close() { *r.closed++ }

var errBusy = errors.New("busy")

func attempt(ctx context.Context, n int, closed *int) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	resp := &response{status: 200, closed: closed}
	if n%3 == 0 {
		resp.status = 503
	}
	defer resp.Close()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if resp.status != 200 {
		return resp.status, errBusy
	}
	return resp.status, nil
}

func retry(ctx context.Context, first int, closed *int) (calls int, status int) {
	for n := first; ; n++ {
		calls++
		s, err := attempt(ctx, n, closed)
		if err == nil || calls == 3 {
			return calls, s
		}
	}
}

// grade maps a score to a letter, one threshold a line: the long part
// of the program.
func grade(score int) string {
	g := "F"
	if v := score - 0; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 0))
	}
	if v := score - 1; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 1))
	}
	if v := score - 2; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 2))
	}
	if v := score - 3; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 3))
	}
	if v := score - 4; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 4))
	}
	if v := score - 5; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 0))
	}
	if v := score - 6; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 1))
	}
	if v := score - 7; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 2))
	}
	if v := score - 8; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 3))
	}
	if v := score - 9; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 4))
	}
	if v := score - 10; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 0))
	}
	if v := score - 11; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 1))
	}
	if v := score - 12; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 2))
	}
	if v := score - 13; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 3))
	}
	if v := score - 14; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 4))
	}
	if v := score - 15; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 0))
	}
	if v := score - 16; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 1))
	}
	if v := score - 17; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 2))
	}
	if v := score - 18; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 3))
	}
	if v := score - 19; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 4))
	}
	if v := score - 20; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 0))
	}
	if v := score - 21; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 1))
	}
	if v := score - 22; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 2))
	}
	if v := score - 23; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 3))
	}
	if v := score - 24; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 4))
	}
	if v := score - 25; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 0))
	}
	if v := score - 26; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 1))
	}
	if v := score - 27; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 2))
	}
	if v := score - 28; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 3))
	}
	if v := score - 29; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 4))
	}
	if v := score - 30; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 0))
	}
	if v := score - 31; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 1))
	}
	if v := score - 32; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 2))
	}
	if v := score - 33; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 3))
	}
	if v := score - 34; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 4))
	}
	if v := score - 35; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 0))
	}
	if v := score - 36; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 1))
	}
	if v := score - 37; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 2))
	}
	if v := score - 38; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 3))
	}
	if v := score - 39; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 4))
	}
	if v := score - 40; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 0))
	}
	if v := score - 41; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 1))
	}
	if v := score - 42; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 2))
	}
	if v := score - 43; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 3))
	}
	if v := score - 44; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 4))
	}
	if v := score - 45; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 0))
	}
	if v := score - 46; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 1))
	}
	if v := score - 47; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 2))
	}
	if v := score - 48; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 3))
	}
	if v := score - 49; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 4))
	}
	if v := score - 50; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 0))
	}
	if v := score - 51; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 1))
	}
	if v := score - 52; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 2))
	}
	if v := score - 53; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 3))
	}
	if v := score - 54; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 4))
	}
	if v := score - 55; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 0))
	}
	if v := score - 56; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 1))
	}
	if v := score - 57; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 2))
	}
	if v := score - 58; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 3))
	}
	if v := score - 59; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 4))
	}
	if v := score - 60; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 0))
	}
	if v := score - 61; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 1))
	}
	if v := score - 62; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 2))
	}
	if v := score - 63; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 3))
	}
	if v := score - 64; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 4))
	}
	if v := score - 65; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 0))
	}
	if v := score - 66; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 1))
	}
	if v := score - 67; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 2))
	}
	if v := score - 68; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 3))
	}
	if v := score - 69; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 4))
	}
	if v := score - 70; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 0))
	}
	if v := score - 71; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 1))
	}
	if v := score - 72; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 2))
	}
	if v := score - 73; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 3))
	}
	if v := score - 74; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 4))
	}
	if v := score - 75; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 0))
	}
	if v := score - 76; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 1))
	}
	if v := score - 77; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 2))
	}
	if v := score - 78; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 3))
	}
	if v := score - 79; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 4))
	}
	if v := score - 80; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 0))
	}
	if v := score - 81; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 1))
	}
	if v := score - 82; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 2))
	}
	if v := score - 83; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 3))
	}
	if v := score - 84; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 4))
	}
	if v := score - 85; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 0))
	}
	if v := score - 86; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 1))
	}
	if v := score - 87; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 2))
	}
	if v := score - 88; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 3))
	}
	if v := score - 89; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 4))
	}
	if v := score - 90; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 0))
	}
	if v := score - 91; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 1))
	}
	if v := score - 92; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 2))
	}
	if v := score - 93; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 3))
	}
	if v := score - 94; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 4))
	}
	if v := score - 95; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 0))
	}
	if v := score - 96; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 1))
	}
	if v := score - 97; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 2))
	}
	if v := score - 98; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 3))
	}
	if v := score - 99; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 4))
	}
	if v := score - 100; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 0))
	}
	if v := score - 101; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 1))
	}
	if v := score - 102; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 2))
	}
	if v := score - 103; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 3))
	}
	if v := score - 104; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 4))
	}
	if v := score - 105; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 0))
	}
	if v := score - 106; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 1))
	}
	if v := score - 107; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 2))
	}
	if v := score - 108; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 3))
	}
	if v := score - 109; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 4))
	}
	if v := score - 110; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 0))
	}
	if v := score - 111; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 1))
	}
	if v := score - 112; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 2))
	}
	if v := score - 113; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 3))
	}
	if v := score - 114; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 4))
	}
	if v := score - 115; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 0))
	}
	if v := score - 116; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 1))
	}
	if v := score - 117; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 2))
	}
	if v := score - 118; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 3))
	}
	if v := score - 119; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 4))
	}
	if v := score - 120; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 0))
	}
	if v := score - 121; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 1))
	}
	if v := score - 122; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 2))
	}
	if v := score - 123; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 3))
	}
	if v := score - 124; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 4))
	}
	if v := score - 125; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 0))
	}
	if v := score - 126; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 1))
	}
	if v := score - 127; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 2))
	}
	if v := score - 128; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 3))
	}
	if v := score - 129; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 4))
	}
	if v := score - 130; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 0))
	}
	if v := score - 131; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 1))
	}
	if v := score - 132; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 2))
	}
	if v := score - 133; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 3))
	}
	if v := score - 134; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 4))
	}
	if v := score - 135; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 0))
	}
	if v := score - 136; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 1))
	}
	if v := score - 137; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 2))
	}
	if v := score - 138; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 3))
	}
	if v := score - 139; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 4))
	}
	if v := score - 140; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 0))
	}
	if v := score - 141; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 1))
	}
	if v := score - 142; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 2))
	}
	if v := score - 143; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 3))
	}
	if v := score - 144; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 4))
	}
	if v := score - 145; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 0))
	}
	if v := score - 146; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 1))
	}
	if v := score - 147; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 2))
	}
	if v := score - 148; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 3))
	}
	if v := score - 149; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 4))
	}
	if v := score - 150; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 0))
	}
	if v := score - 151; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 1))
	}
	if v := score - 152; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 2))
	}
	if v := score - 153; v >= 0 && v%7 == 6 {
		g = string(rune('A' + 3))
	}
	if v := score - 154; v >= 0 && v%7 == 0 {
		g = string(rune('A' + 4))
	}
	if v := score - 155; v >= 0 && v%7 == 1 {
		g = string(rune('A' + 0))
	}
	if v := score - 156; v >= 0 && v%7 == 2 {
		g = string(rune('A' + 1))
	}
	if v := score - 157; v >= 0 && v%7 == 3 {
		g = string(rune('A' + 2))
	}
	if v := score - 158; v >= 0 && v%7 == 4 {
		g = string(rune('A' + 3))
	}
	if v := score - 159; v >= 0 && v%7 == 5 {
		g = string(rune('A' + 4))
	}
	return g
}

func main() {
	ctx := context.Background()
	closed, total := 0, 0
	for i := 0; i < 100; i++ {
		calls, status := retry(ctx, i, &closed)
		total += calls
		if i < 4 {
			fmt.Println(i, calls, status)
		}
	}
	fmt.Println("calls", total, "closed", closed)
	fmt.Println(grade(12), grade(70), grade(159))
}
