// Package pclntab takes the line tables out of the Go runtime's function
// table (pclntab) in the memory image of a WebAssembly module built by the
// Go toolchain, without changing anything else the runtime reads.
//
// For every function, pclntab holds pc-value tables: the stack-pointer
// delta (pcsp) and the pcdata tables (stack maps, unsafe points, inlining),
// which the runtime needs to grow stacks, collect garbage and unwind; and
// the file and line tables (pcfile, pcln) with the file names they point
// to, which only turn a program counter into "file.go:123" for tracebacks
// and runtime.Caller. In the course's runtime those are about a third of
// the function table and compress poorly. StripLines sets each function's
// pcfile and pcln offsets to 0, which the runtime reads as "no table" (its
// pcvalue returns -1 and funcline reports "?:0"), and zeroes the bytes no
// remaining table uses, with the file table. Function names stay: the
// sandbox reads them from runtime.Stack.
package pclntab

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Stats says what StripLines did.
type Stats struct {
	Funcs  int // functions in the table
	Zeroed int // bytes set to zero
}

// header is the start of the runtime's pcHeader since Go 1.20: its magic,
// two zero pad bytes, the instruction size quantum (1 on wasm) and the
// pointer size (8).
var header = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}

// The pcHeader after those 8 bytes: nfunc, nfiles, textStart, then the
// offsets of funcnametab, cutab, filetab, pctab and the function table
// (pclntab proper), each relative to the header.
const headerSize = 8 + 8*8

// The fields of the runtime's _func that StripLines reads, as byte offsets.
const (
	funcPCSP     = 16
	funcPCFile   = 20
	funcPCLn     = 24
	funcNPCData  = 28
	funcPCData   = 44 // the pcdata offsets follow the fixed part
	functabEntry = 8  // entryoff and funcoff, uint32 each
)

// StripLines edits mem, the module's initial memory, in place. It finds
// exactly one pcHeader that is consistent with the memory around it, or
// changes nothing and returns an error.
func StripLines(mem []byte) (Stats, error) {
	var st Stats
	h, err := find(mem)
	if err != nil {
		return st, err
	}
	u64 := func(i int) uint64 { return binary.LittleEndian.Uint64(mem[h+8+8*i:]) }
	nfunc := u64(0)
	cutab, pctab, ftab := h+int(u64(4)), h+int(u64(6)), h+int(u64(7))
	tables := mem[pctab:ftab]
	if nfunc > uint64(len(mem)-ftab)/functabEntry {
		return st, fmt.Errorf("pclntab: %d functions do not fit in memory", nfunc)
	}
	st.Funcs = int(nfunc)
	keep := make([]bool, len(tables))
	var drop [][2]int
	var lineFields []int
	for f := range int(nfunc) {
		fn := ftab + int(binary.LittleEndian.Uint32(mem[ftab+functabEntry*f+4:]))
		if fn < ftab || fn+funcPCData > len(mem) {
			return st, fmt.Errorf("pclntab: function %d's record is outside memory", f)
		}
		u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(mem[fn+off:]) }
		npcdata := int(u32(funcNPCData))
		if fn+funcPCData+4*npcdata > len(mem) {
			return st, fmt.Errorf("pclntab: function %d's pcdata is outside memory", f)
		}
		kept := []uint32{u32(funcPCSP)}
		for i := range npcdata {
			kept = append(kept, u32(funcPCData+4*i))
		}
		for _, off := range kept {
			end, err := tableEnd(tables, off)
			if err != nil {
				return st, fmt.Errorf("pclntab: function %d: %w", f, err)
			}
			for i := int(off); i < end; i++ {
				keep[i] = true
			}
		}
		for _, field := range []int{funcPCFile, funcPCLn} {
			off := u32(field)
			end, err := tableEnd(tables, off)
			if err != nil {
				return st, fmt.Errorf("pclntab: function %d: %w", f, err)
			}
			drop = append(drop, [2]int{int(off), end})
			lineFields = append(lineFields, fn+field)
		}
	}
	// Nothing has been written yet: every table was read without an error.
	for _, r := range drop {
		for i := r[0]; i < r[1]; i++ {
			if !keep[i] && tables[i] != 0 {
				tables[i] = 0
				st.Zeroed++
			}
		}
	}
	for _, at := range lineFields {
		binary.LittleEndian.PutUint32(mem[at:], 0)
	}
	// The compilation units' file lists and the file names (cutab and
	// filetab, which lie between cutab's offset and pctab's) serve only the
	// line tables.
	for i := cutab; i < pctab; i++ {
		if mem[i] != 0 {
			mem[i] = 0
			st.Zeroed++
		}
	}
	return st, nil
}

// find returns the offset of the one pcHeader in mem whose offsets are in
// order and inside mem.
func find(mem []byte) (int, error) {
	found := -1
	for from := 0; ; {
		i := bytes.Index(mem[from:], header)
		if i < 0 {
			break
		}
		at := from + i
		from = at + 1
		if !plausible(mem, at) {
			continue
		}
		if found >= 0 {
			return 0, errors.New("pclntab: more than one function table header")
		}
		found = at
	}
	if found < 0 {
		return 0, errors.New("pclntab: no function table header (a Go toolchain older than 1.20, or not a Go module)")
	}
	return found, nil
}

func plausible(mem []byte, at int) bool {
	if at+headerSize > len(mem) {
		return false
	}
	u64 := func(i int) uint64 { return binary.LittleEndian.Uint64(mem[at+8+8*i:]) }
	if u64(0) == 0 {
		return false
	}
	prev := uint64(headerSize)
	for i := 3; i <= 7; i++ { // funcnametab, cutab, filetab, pctab, pclntab
		if u64(i) < prev || u64(i) > uint64(len(mem)-at) {
			return false
		}
		prev = u64(i)
	}
	return true
}

// tableEnd returns the offset just past the pc-value table at off: pairs of
// a value delta and a pc delta (uvarints), ended by a zero value delta
// after the first pair. Offset 0 is "no table".
func tableEnd(tables []byte, off uint32) (int, error) {
	if off == 0 {
		return 0, nil
	}
	p := int(off)
	for first := true; ; first = false {
		if p >= len(tables) {
			return 0, fmt.Errorf("the pc-value table at %d runs past the tables", off)
		}
		v, n := binary.Uvarint(tables[p:])
		if n <= 0 {
			return 0, fmt.Errorf("the pc-value table at %d is corrupt", off)
		}
		p += n
		if v == 0 && !first {
			return p, nil
		}
		_, n = binary.Uvarint(tables[p:])
		if n <= 0 {
			return 0, fmt.Errorf("the pc-value table at %d is corrupt", off)
		}
		p += n
	}
}
