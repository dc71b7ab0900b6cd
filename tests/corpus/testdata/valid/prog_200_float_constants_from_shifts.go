package main

import "fmt"

// Sizes as Effective Go declares them: a float type given by shifts of
// iota, and a group whose specifications name two constants each.

type ByteSize float64

const (
	_           = iota
	KB ByteSize = 1 << (10 * iota)
	MB
	GB
)

func (b ByteSize) String() string {
	switch {
	case b >= GB:
		return fmt.Sprintf("%.2fGB", b/GB)
	case b >= MB:
		return fmt.Sprintf("%.2fMB", b/MB)
	case b >= KB:
		return fmt.Sprintf("%.2fKB", b/KB)
	}
	return fmt.Sprintf("%.2fB", b)
}

const Half float32 = 1 << 3 >> 4

const (
	lo, hi = iota, iota * 100
	lo1, hi1
	lo2, hi2
)

func main() {
	fmt.Println(KB, MB, GB)
	fmt.Println(ByteSize(1e13), ByteSize(1500), ByteSize(3))
	fmt.Printf("%v %.1f %T\n", float64(MB), float64(GB/MB), MB)
	fmt.Println(Half, lo, hi, lo1, hi1, lo2, hi2)
	size := ByteSize(2048)
	if size == 2*KB {
		fmt.Println("two kilobytes")
	}
}
