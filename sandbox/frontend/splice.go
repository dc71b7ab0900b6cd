package frontend

import (
	"sort"
	"strings"
)

// splice replaces src[from:to] with text.
type splice struct {
	from, to int
	text     string
}

// applySplices returns src with the splices made; they may come in any
// order but must not overlap.
func applySplices(src []byte, splices []splice) []byte {
	sort.Slice(splices, func(i, j int) bool { return splices[i].from < splices[j].from })
	var out strings.Builder
	at := 0
	for _, s := range splices {
		out.Write(src[at:s.from])
		out.WriteString(s.text)
		at = s.to
	}
	out.Write(src[at:])
	return []byte(out.String())
}
