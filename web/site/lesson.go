package site

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Lesson is one section of the course, read from a Markdown file named
// NN-slug.md whose front matter gives its title.
type Lesson struct {
	// Number is the section number, from the file name's NN prefix.
	Number int
	// Slug names the page: the file name without the prefix and extension.
	Slug string
	// Title is the page heading; Short is the label used in navigation.
	Title, Short string
	// Summary is one sentence for the course index.
	Summary string
	// Minutes is the estimated reading time.
	Minutes int
	// Body is the Markdown after the front matter.
	Body []byte
}

// Page returns the lesson's file name in the built site.
func (l Lesson) Page() string { return l.Slug + ".html" }

var lessonName = regexp.MustCompile(`^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$`)

// LoadLessons reads every NN-slug.md file at the top of fsys, in order of NN.
// Numbers must be unique and every lesson needs a title.
func LoadLessons(fsys fs.FS) ([]Lesson, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("site: reading lessons: %w", err)
	}
	var lessons []Lesson
	seen := map[int]string{}
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ".md" {
			continue
		}
		m := lessonName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("site: lesson file %q is not named NN-slug.md", e.Name())
		}
		n, _ := strconv.Atoi(m[1])
		if other, dup := seen[n]; dup {
			return nil, fmt.Errorf("site: lessons %q and %q share number %d", other, e.Name(), n)
		}
		seen[n] = e.Name()
		raw, err := fs.ReadFile(fsys, e.Name())
		if err != nil {
			return nil, fmt.Errorf("site: %w", err)
		}
		l, err := parseLesson(raw)
		if err != nil {
			return nil, fmt.Errorf("site: %s: %w", e.Name(), err)
		}
		l.Number, l.Slug = n, m[2]
		lessons = append(lessons, l)
	}
	if len(lessons) == 0 {
		return nil, fmt.Errorf("site: no lessons found")
	}
	sort.Slice(lessons, func(i, j int) bool { return lessons[i].Number < lessons[j].Number })
	return lessons, nil
}

// parseLesson splits the front matter (key: value lines between two ---
// lines) from the Markdown body.
func parseLesson(raw []byte) (Lesson, error) {
	raw = bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n"))
	const fence = "---\n"
	if !bytes.HasPrefix(raw, []byte(fence)) {
		return Lesson{}, fmt.Errorf("missing front matter (the file must start with ---)")
	}
	rest := raw[len(fence):]
	end := bytes.Index(rest, []byte("\n"+fence))
	if end < 0 {
		return Lesson{}, fmt.Errorf("front matter is not closed by ---")
	}
	var l Lesson
	sc := bufio.NewScanner(bytes.NewReader(rest[:end]))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			return Lesson{}, fmt.Errorf("front matter line %d: want key: value, got %q", line, text)
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "title":
			l.Title = value
		case "short":
			l.Short = value
		case "summary":
			l.Summary = value
		case "minutes":
			n, err := strconv.Atoi(value)
			if err != nil || n <= 0 {
				return Lesson{}, fmt.Errorf("front matter: minutes must be a positive whole number, got %q", value)
			}
			l.Minutes = n
		default:
			return Lesson{}, fmt.Errorf("front matter line %d: unknown key %q", line, key)
		}
	}
	if l.Title == "" {
		return Lesson{}, fmt.Errorf("front matter: title is required")
	}
	if l.Short == "" {
		l.Short = l.Title
	}
	l.Body = rest[end+len("\n"+fence):]
	return l, nil
}
