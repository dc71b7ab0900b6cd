// Package datasection rewrites the data section of a WebAssembly module
// built by the Go toolchain so that it compresses better, without changing
// what the module does.
//
// The Go linker writes the initial contents of linear memory as many small
// active data segments: it starts a new segment wherever a run of zero
// bytes is long enough to skip, up to 100 000 segments. Each segment costs a
// header (a flag, an i32.const offset expression and a length) whose
// offsets all differ, so brotli and gzip cannot fold them away, while the
// zero runs between segments would compress to almost nothing. Merge writes
// the same bytes at the same addresses as one segment, with the gaps filled
// with zeros: linear memory starts zeroed, so the memory the module sees at
// instantiation is byte for byte the same.
package datasection

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
)

// Section ids of the WebAssembly binary format.
const (
	sectionData      = 11
	sectionDataCount = 12
)

// Stats says what Merge did.
type Stats struct {
	Segments int // data segments before the merge
	Bytes    int // bytes they held
	Span     int // bytes from the first segment's start to the last one's end
}

// Segment is one active data segment of memory 0.
type Segment struct {
	Offset uint32
	Data   []byte
}

var magic = []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}

// Merge returns module with its data section rewritten as one active
// segment. A module whose data segments are not all active segments of
// memory 0 at constant offsets (the only kind the Go linker writes), or
// whose segments overlap, is refused with an error and never half-rewritten.
func Merge(module []byte) ([]byte, Stats, error) {
	return MergeEdited(module, nil)
}

// MergeEdited is Merge, with edit (if not nil) changing the merged
// segment's bytes in place before they are written: the memory image
// from the lowest address the module initialises.
func MergeEdited(module []byte, edit func(mem []byte) error) ([]byte, Stats, error) {
	var st Stats
	if !bytes.HasPrefix(module, magic) {
		return nil, st, errors.New("not a WebAssembly module (version 1)")
	}
	var out bytes.Buffer
	out.Write(magic)
	merged := false
	for pos := len(magic); pos < len(module); {
		start := pos
		id := module[pos]
		size, n, err := uleb(module[pos+1:])
		if err != nil {
			return nil, st, fmt.Errorf("section at byte %d: %w", start, err)
		}
		body := pos + 1 + n
		end := body + int(size)
		if end > len(module) || end < body {
			return nil, st, fmt.Errorf("section %d at byte %d runs past the end of the module", id, start)
		}
		pos = end
		switch id {
		case sectionData:
			segs, err := Segments(module[body:end])
			if err != nil {
				return nil, st, err
			}
			one, s, err := mergeSegments(segs)
			if err != nil {
				return nil, st, err
			}
			st = s
			if edit != nil && len(one) == 1 {
				if err := edit(one[0].Data); err != nil {
					return nil, st, err
				}
			}
			writeSection(&out, sectionData, encodeSegments(one))
			merged = true
		case sectionDataCount:
			writeSection(&out, sectionDataCount, appendULEB(nil, 1))
		default:
			out.Write(module[start:end])
		}
	}
	if !merged {
		return nil, st, errors.New("the module has no data section")
	}
	return out.Bytes(), st, nil
}

// Segments decodes a data section's payload.
func Segments(payload []byte) ([]Segment, error) {
	count, pos, err := uleb(payload)
	if err != nil {
		return nil, fmt.Errorf("data section: %w", err)
	}
	// Every segment takes at least 5 bytes: never trust a count for more.
	if count > uint64(len(payload)) {
		return nil, fmt.Errorf("data section: %d segments in %d bytes", count, len(payload))
	}
	segs := make([]Segment, 0, count)
	for i := range count {
		flag, n, err := uleb(payload[pos:])
		if err != nil {
			return nil, fmt.Errorf("data segment %d: %w", i, err)
		}
		pos += n
		if flag != 0 {
			return nil, fmt.Errorf("data segment %d: kind %d, only active segments of memory 0 can be merged", i, flag)
		}
		if pos >= len(payload) || payload[pos] != 0x41 { // i32.const
			return nil, fmt.Errorf("data segment %d: its offset is not an i32.const", i)
		}
		pos++
		off, n, err := sleb32(payload[pos:])
		if err != nil {
			return nil, fmt.Errorf("data segment %d: offset: %w", i, err)
		}
		pos += n
		if pos >= len(payload) || payload[pos] != 0x0b { // end
			return nil, fmt.Errorf("data segment %d: its offset is not a constant expression", i)
		}
		pos++
		size, n, err := uleb(payload[pos:])
		if err != nil {
			return nil, fmt.Errorf("data segment %d: size: %w", i, err)
		}
		pos += n
		if size > uint64(len(payload)-pos) {
			return nil, fmt.Errorf("data segment %d: %d bytes, %d left in the section", i, size, len(payload)-pos)
		}
		if off < 0 {
			return nil, fmt.Errorf("data segment %d: negative offset %d", i, off)
		}
		segs = append(segs, Segment{Offset: uint32(off), Data: payload[pos : pos+int(size)]})
		pos += int(size)
	}
	if pos != len(payload) {
		return nil, fmt.Errorf("data section: %d bytes after its last segment", len(payload)-pos)
	}
	return segs, nil
}

// Image is the memory the segments write, from the lowest offset they
// write: what a module's linear memory holds there at instantiation.
func Image(segs []Segment) (base uint32, mem []byte, err error) {
	one, _, err := mergeSegments(segs)
	if err != nil || len(one) == 0 {
		return 0, nil, err
	}
	return one[0].Offset, one[0].Data, nil
}

func mergeSegments(segs []Segment) ([]Segment, Stats, error) {
	st := Stats{Segments: len(segs)}
	if len(segs) == 0 {
		return nil, st, nil
	}
	sorted := slices.Clone(segs)
	slices.SortStableFunc(sorted, func(a, b Segment) int { return int(int64(a.Offset) - int64(b.Offset)) })
	lo := uint64(sorted[0].Offset)
	hi := lo
	for _, s := range sorted {
		if uint64(s.Offset) < hi {
			return nil, st, fmt.Errorf("data segments overlap at offset %d", s.Offset)
		}
		hi = uint64(s.Offset) + uint64(len(s.Data))
		st.Bytes += len(s.Data)
	}
	if hi > 1<<32 {
		return nil, st, fmt.Errorf("data segments end past 4 GiB (%d)", hi)
	}
	mem := make([]byte, hi-lo)
	for _, s := range sorted {
		copy(mem[uint64(s.Offset)-lo:], s.Data)
	}
	st.Span = len(mem)
	return []Segment{{Offset: uint32(lo), Data: mem}}, st, nil
}

func encodeSegments(segs []Segment) []byte {
	b := appendULEB(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0x00, 0x41) // active, memory 0; i32.const
		b = appendSLEB(b, int64(int32(s.Offset)))
		b = append(b, 0x0b) // end
		b = appendULEB(b, uint64(len(s.Data)))
		b = append(b, s.Data...)
	}
	return b
}

func writeSection(out *bytes.Buffer, id byte, payload []byte) {
	out.WriteByte(id)
	out.Write(appendULEB(nil, uint64(len(payload))))
	out.Write(payload)
}

var errLEB = errors.New("bad LEB128 number")

// uleb decodes an unsigned LEB128 number of at most 32 bits, as the binary
// format's u32.
func uleb(b []byte) (uint64, int, error) {
	var v uint64
	for i := 0; i < len(b) && i < 5; i++ {
		v |= uint64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			if v > 1<<32-1 {
				return 0, 0, errLEB
			}
			return v, i + 1, nil
		}
	}
	return 0, 0, errLEB
}

// sleb32 decodes a signed LEB128 number of at most 32 bits (i32.const's
// immediate).
func sleb32(b []byte) (int64, int, error) {
	var v int64
	for i := 0; i < len(b) && i < 5; i++ {
		v |= int64(b[i]&0x7f) << (7 * i)
		if b[i] < 0x80 {
			if b[i]&0x40 != 0 {
				v -= 1 << (7 * (i + 1)) // sign-extend
			}
			if v < -1<<31 || v > 1<<31-1 {
				return 0, 0, errLEB
			}
			return v, i + 1, nil
		}
	}
	return 0, 0, errLEB
}

func appendULEB(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
