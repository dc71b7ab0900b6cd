package site

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/flakylab/flakylab/web/examples"
)

// ExampleDirective is the info string of a fenced block that the builder
// replaces by an editable, runnable example: ```go-example NAME```.
const ExampleDirective = "go-example"

// StormSimDirective and StormPictureDirective are the info strings of the
// retry-storm chart: interactive (settings and strategies to pick), or a
// fixed picture of the default scenario without and with jitter.
const (
	StormSimDirective     = "storm-sim"
	StormPictureDirective = "storm-picture"
)

// renderedLesson is a lesson's HTML, the examples it embeds and its
// second-level headings, in order.
type renderedLesson struct {
	HTML     template.HTML
	Examples []string
	Contents []Heading
}

// Heading is a section heading of a lesson and its anchor, for the
// lesson's table of contents.
type Heading struct {
	ID, Text string
}

// markdown renders lessons. Lesson sources are ours, so raw HTML (the
// <details> quick checks, <kbd>) passes through.
type markdown struct {
	examples map[string]examples.Example
	widget   *template.Template
}

func (m *markdown) render(l Lesson) (renderedLesson, error) {
	blocks := &blockRenderer{md: m}
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Typographer),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(
			html.WithUnsafe(),
			renderer.WithNodeRenderers(util.Prioritized(blocks, 100)),
		),
	)
	doc := md.Parser().Parse(text.NewReader(l.Body))
	var buf bytes.Buffer
	if err := md.Renderer().Render(&buf, l.Body, doc); err != nil {
		return renderedLesson{}, fmt.Errorf("site: %s: %w", l.Slug, err)
	}
	if blocks.err != nil {
		return renderedLesson{}, fmt.Errorf("site: %s: %w", l.Slug, blocks.err)
	}
	return renderedLesson{HTML: template.HTML(buf.String()), Examples: blocks.used, Contents: headings(doc, l.Body)}, nil
}

// headings lists the level-2 headings of a parsed lesson with the ids the
// parser gave them.
func headings(doc ast.Node, source []byte) []Heading {
	var out []Heading
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || h.Level != 2 {
			continue
		}
		id, _ := h.AttributeString("id")
		idb, _ := id.([]byte)
		var t strings.Builder
		_ = ast.Walk(h, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if entering {
				switch c := c.(type) {
				case *ast.Text:
					t.Write(c.Segment.Value(source))
				case *ast.String:
					t.Write(c.Value)
				}
			}
			return ast.WalkContinue, nil
		})
		out = append(out, Heading{ID: string(idb), Text: t.String()})
	}
	return out
}

// blockRenderer renders fenced code blocks: example directives become
// widgets, every other block a plain <pre><code>.
type blockRenderer struct {
	md         *markdown
	used       []string
	stormCount int // storm charts on the page so far, for unique ids
	err        error
}

func (r *blockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.fenced)
}

func (r *blockRenderer) fenced(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	var info []string
	if n.Info != nil {
		info = strings.Fields(string(n.Info.Segment.Value(source)))
	}
	if len(info) > 0 && info[0] == ExampleDirective {
		r.example(w, info[1:])
		return ast.WalkSkipChildren, nil
	}
	if len(info) > 0 && (info[0] == BackoffPictureDirective || info[0] == BreakerPictureDirective || info[0] == BucketPictureDirective || info[0] == FleetPictureDirective) {
		r.picture(w, info[0])
		return ast.WalkSkipChildren, nil
	}
	if len(info) > 0 && (info[0] == StormSimDirective || info[0] == StormPictureDirective) {
		r.storm(w, info[0] == StormSimDirective)
		return ast.WalkSkipChildren, nil
	}
	var code strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		code.Write(seg.Value(source))
	}
	lang := ""
	if len(info) > 0 {
		lang = info[0]
	}
	err := r.md.widget.ExecuteTemplate(w, "code", map[string]string{"Lang": lang, "Code": code.String()})
	return ast.WalkSkipChildren, err
}

func (r *blockRenderer) example(w util.BufWriter, args []string) {
	if len(args) != 1 {
		r.fail(fmt.Errorf("%s wants exactly one example name, got %q", ExampleDirective, args))
		return
	}
	ex, ok := r.md.examples[args[0]]
	if !ok {
		r.fail(fmt.Errorf("%s %s: no such example in web/examples", ExampleDirective, args[0]))
		return
	}
	for _, u := range r.used {
		if u == ex.Name {
			r.fail(fmt.Errorf("example %s appears twice on the page", ex.Name))
			return
		}
	}
	r.used = append(r.used, ex.Name)
	if err := r.md.widget.ExecuteTemplate(w, "example", ex); err != nil {
		r.fail(err)
	}
}

func (r *blockRenderer) storm(w util.BufWriter, interactive bool) {
	t, err := stormOnce()
	if err != nil {
		r.fail(err)
		return
	}
	r.stormCount++
	// The picture compares the two strategies the lessons talk about; the
	// simulation opens on those and immediate retry, and offers them all.
	show := []string{"exponential", "full-jitter"}
	if interactive {
		show = []string{"immediate", "exponential", "full-jitter"}
	}
	selected := map[string]bool{}
	for _, s := range show {
		selected[s] = true
	}
	err = r.md.widget.ExecuteTemplate(w, "storm", map[string]any{
		"ID":                   fmt.Sprintf("storm%d", r.stormCount),
		"Interactive":          interactive,
		"Show":                 strings.Join(show, " "),
		"Selected":             selected,
		"ContentionStrategies": stormNames(stormContentionStrategies),
		"OverloadStrategies":   stormNames(stormOverloadStrategies),
		"ContentionRows":       t.rows(t.Contention, show),
		"OverloadRows":         t.rows(t.Overload, show),
		"ContentionClients":    stormContentionClients,
		"OverloadRanges":       []stormRange{stormOverloadClients, stormOverloadCapacity, stormOverloadOutage},
		"OutageStart":          int(stormOutageStart / time.Second),
		"ContentionSeed":       stormContentionSeed,
		"OverloadSeed":         stormOverloadSeed,
		"StepMs":               stormStep.Milliseconds(),
	})
	if err != nil {
		r.fail(err)
	}
}

func (r *blockRenderer) picture(w util.BufWriter, directive string) {
	data, err := pictureJSON(directive)
	if err != nil {
		r.fail(err)
		return
	}
	// json.Marshal escapes <, > and &, so the data is safe in a <script>.
	err = r.md.widget.ExecuteTemplate(w, directive, map[string]any{"JSON": template.JS(data)})
	if err != nil {
		r.fail(err)
	}
}

func (r *blockRenderer) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}
