package exercises

import "strings"

// IsStarter reports whether src is the exercise's starter as the editor
// opened it: the same text, ignoring line endings, trailing spaces and
// blank lines at the end. A Check of an unedited starter says nothing
// about what the learner knows, so the page makes no review cards for it.
func (e *Exercise) IsStarter(src string) bool {
	return normalizedSource(src) == normalizedSource(e.Starter)
}

func normalizedSource(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}
