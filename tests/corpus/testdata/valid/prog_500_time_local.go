// time.Now and the times made with time.Local are in Local, as under go run on
// a machine set to UTC: Location() prints "Local", the zone "UTC"; in a browser
// whose zone is not UTC as well.
package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Now()
	fmt.Println(t.Location(), t.Location() == time.Local, time.Local, time.UTC)
	name, offset := t.Zone()
	fmt.Println(name, offset)
	d := time.Date(2024, 3, 1, 10, 0, 0, 0, time.Local)
	fmt.Println(d, d.Location())
	fmt.Println(time.Unix(1700000000, 0), time.Unix(0, 0).UTC())
	fmt.Println(d.Format(time.RFC1123), d.Format(time.RFC3339), d.In(time.UTC).Location())
	fmt.Println(d.Local().Location(), d.UTC().Location(), d.Equal(d.UTC()))
	fmt.Println(time.Now().Add(time.Hour).Location(), time.Now().Truncate(time.Hour).Location())
	timer := time.NewTimer(10 * time.Millisecond)
	fmt.Println((<-timer.C).Location())
	fmt.Println((<-time.After(time.Millisecond)).Location())
}
