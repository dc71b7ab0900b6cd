package quiz

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// maxLongestRight is the largest share of single-choice questions whose
// right choice may be the longest one. Above it, picking the longest
// option scores better than knowing the material.
const maxLongestRight = 0.40

// TestLengthDoesNotGiveAwayTheAnswer counts the single-choice questions
// whose right choice is at least as long as every wrong one.
func TestLengthDoesNotGiveAwayTheAnswer(t *testing.T) {
	var single, longest int
	var which []string
	for _, q := range defaultBank(t).Questions {
		if q.Kind != Single {
			continue
		}
		single++
		right, wrong := 0, 0
		for _, c := range q.Choices {
			n := utf8.RuneCountInString(c.Text)
			if c.Correct {
				right = n
			} else {
				wrong = max(wrong, n)
			}
		}
		if right >= wrong {
			longest++
			which = append(which, q.ID)
		}
	}
	share := float64(longest) / float64(single)
	t.Logf("the right choice is the longest in %d of %d single-choice questions (%.0f%%): %s",
		longest, single, 100*share, strings.Join(which, ", "))
	assert.LessOrEqual(t, share, maxLongestRight,
		"the right choice is the longest in %d of %d single-choice questions (%s); want at most %.0f%%",
		longest, single, strings.Join(which, ", "), 100*maxLongestRight)
}
