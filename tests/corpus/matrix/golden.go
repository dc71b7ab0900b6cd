package matrix

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// GoldenPath is the file, relative to this package, holding what `go run`
// prints for each case.
const GoldenPath = "testdata/golden.json"

// Want is what `go run` of one case printed.
type Want struct {
	Hash   string `json:"hash"`
	Stdout string `json:"stdout"`
	Exit   int    `json:"exit"`
}

var address = regexp.MustCompile(`0x[0-9a-f]{4,}`)

// Normalize replaces addresses in output, which differ from run to run,
// by 0xADDR.
func Normalize(s string) string { return address.ReplaceAllString(s, "0xADDR") }

// ReadGolden reads the golden file.
func ReadGolden(path string) (map[string]Want, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out map[string]Want
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// Combined is every case in one program, for the go command: the
// declarations once, each case's body a function, and main running the
// case named by its argument.
func Combined(cases []Case) string {
	var decls []string
	seen := map[string]bool{}
	var b strings.Builder
	for i, c := range cases {
		for _, d := range c.Decls {
			if !seen[d] {
				seen[d] = true
				decls = append(decls, d)
			}
		}
		fmt.Fprintf(&b, "func case%d() {\n%s}\n\n", i, c.Body)
	}
	sort.Strings(decls)
	var s strings.Builder
	s.WriteString("package main\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"os\"\n\t\"sort\"\n)\n\nvar _ = errors.New\nvar _ = sort.Strings\n\n")
	for _, d := range decls {
		s.WriteString(d + "\n\n")
	}
	s.WriteString(b.String())
	s.WriteString("func main() {\n\tswitch os.Args[1] {\n")
	for i, c := range cases {
		fmt.Fprintf(&s, "\tcase %q:\n\t\tcase%d()\n", c.Name, i)
	}
	s.WriteString("\t}\n}\n")
	return s.String()
}
