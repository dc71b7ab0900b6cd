package site_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/quiz"
	"github.com/flakylab/flakylab/web/site"
)

func TestQuizPagesAreBuilt(t *testing.T) {
	out, _ := build(t)
	var doc struct {
		Schema    int `json:"schema"`
		Questions []struct {
			Section string `json:"section"`
			Final   bool   `json:"final"`
		} `json:"questions"`
	}
	require.NoError(t, json.Unmarshal([]byte(read(t, out, site.QuizBankFile)), &doc))
	assert.Equal(t, quiz.SiteSchema, doc.Schema)

	checks := map[string]bool{}
	for _, q := range doc.Questions {
		if !q.Final {
			checks[q.Section] = true
		}
	}
	lessons, err := site.LoadLessons(os.DirFS("../lessons"))
	require.NoError(t, err)
	for _, l := range lessons {
		page := read(t, out, l.Page())
		assert.Equal(t, checks[l.Slug], strings.Contains(page, `data-quiz="`+l.Slug+`"`), "%s: quick checks", l.Slug)
		assert.Contains(t, page, `href="css/quiz.css"`)
	}
	assert.Contains(t, read(t, out, "final.html"), `data-quiz="final"`)
	assert.Contains(t, read(t, out, "review.html"), `data-review`)
	index := read(t, out, "index.html")
	assert.Contains(t, index, `data-review-due`)
	assert.Contains(t, index, `href="final.html"`)
	assert.Contains(t, index, `href="review.html"`)
}
