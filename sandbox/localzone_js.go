package sandbox

import "time"

// In a browser, Go's time.Local follows the browser's time zone and names
// its zone after the offset ("UTC-5"), which no go run prints. The
// playground's reference is go run on a machine set to UTC, as the Go
// playground is: there time.Local prints "Local" and its zone "UTC". The
// runtime is the whole process, so it sets time.Local once, before any
// program runs; natively the host's time.Local is left alone.
func init() {
	loc, err := time.LoadLocationFromTZData("Local", utcTZif())
	if err != nil {
		panic("sandbox: the local time zone: " + err.Error())
	}
	time.Local = loc
}

// utcTZif is a TZif file (RFC 8536, version 1) with no transitions and one
// zone, UTC at offset 0.
func utcTZif() []byte {
	b := append([]byte("TZif"), make([]byte, 16)...) // version 1, then reserved
	// isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
	for _, n := range []byte{0, 0, 0, 0, 1, 4} {
		b = append(b, 0, 0, 0, n)
	}
	b = append(b, 0, 0, 0, 0, 0, 0) // the zone: offset 0, not DST, name at 0
	return append(b, "UTC\x00"...)
}
