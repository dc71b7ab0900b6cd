package quiz

import "fmt"

// CheckCard is the hand-written review card of one exercise check: a
// question about the idea the check tests, with an input of its own, so a
// learner whose code failed the check reviews the idea, not their output.
// A check whose idea is already a card (a deck card, or another check's
// card) names that card in Card instead of having a front and a back.
type CheckCard struct {
	Exercise string `json:"-"`
	Section  string `json:"-"`
	Check    string `json:"check"`
	Card     string `json:"card,omitempty"`
	Front    string `json:"front,omitempty"`
	Code     string `json:"code,omitempty"`
	Back     string `json:"back,omitempty"`
}

// checkCardFile is one entry of checks.json: the cards of one exercise.
type checkCardFile struct {
	Exercise string      `json:"exercise"`
	Section  string      `json:"section"`
	Checks   []CheckCard `json:"checks"`
}

// card is the check card as a Card, without following its link.
func (c CheckCard) card() Card {
	return Card{
		ID: CheckCardID(c.Exercise, c.Check), Section: c.Section,
		Front: c.Front, Code: c.Code, Back: c.Back, Origin: OriginExercise,
	}
}

// CheckCard returns the hand-written card of an exercise check, if the
// bank has one.
func (b *Bank) CheckCard(exercise, check string) (CheckCard, bool) {
	i, ok := b.checkIdx[CheckCardID(exercise, check)]
	if !ok {
		return CheckCard{}, false
	}
	return b.CheckCards[i], true
}

// Card returns the card with the given ID: a deck card, or the card of an
// exercise check (following its link to the card it shares).
func (b *Bank) Card(id string) (Card, bool) {
	for range 4 { // links are at most this deep; validate checks
		if i, ok := b.deckIdx[id]; ok {
			return b.Cards[i], true
		}
		i, ok := b.checkIdx[id]
		if !ok {
			return Card{}, false
		}
		c := b.CheckCards[i]
		if c.Card == "" {
			return c.card(), true
		}
		id = c.Card
	}
	return Card{}, false
}

// CardForCheck returns the review card for a failed exercise check: its
// hand-written card (or the card it shares), else CardFromCheck's.
func (b *Bank) CardForCheck(f FailedCheck) Card {
	if c, ok := b.Card(CheckCardID(f.Exercise, f.Check)); ok {
		return c
	}
	return CardFromCheck(f)
}

// CardsForChecks returns the cards for a list of failed checks, each card
// once (checks that share an idea share a card), in the order of the
// checks.
func (b *Bank) CardsForChecks(failed []FailedCheck) []Card {
	out := []Card{}
	seen := map[string]bool{}
	for _, f := range failed {
		c := b.CardForCheck(f)
		if !seen[c.ID] {
			seen[c.ID] = true
			out = append(out, c)
		}
	}
	return out
}

// SectionNumbered returns the section with the given number.
func (b *Bank) SectionNumbered(n int) (Section, bool) {
	for _, s := range b.Sections {
		if s.Number == n {
			return s, true
		}
	}
	return Section{}, false
}

// checkCardProblems lists what is wrong with the check cards.
func (b *Bank) checkCardProblems(sections, deck map[string]bool) []string {
	var p []string
	seen := map[string]bool{}
	for _, c := range b.CheckCards {
		id := CheckCardID(c.Exercise, c.Check)
		switch {
		case c.Exercise == "" || c.Check == "":
			p = append(p, fmt.Sprintf("check card %q needs an exercise and a check", id))
		case seen[id]:
			p = append(p, fmt.Sprintf("check card %q is written twice", id))
		case !sections[c.Section]:
			p = append(p, fmt.Sprintf("check card %q: section %q does not exist", id, c.Section))
		case c.Card != "" && (c.Front != "" || c.Back != "" || c.Code != ""):
			p = append(p, fmt.Sprintf("check card %q shares card %q, so it has no front or back of its own", id, c.Card))
		case c.Card == "" && (c.Front == "" || c.Back == ""):
			p = append(p, fmt.Sprintf("check card %q needs a front and a back, or a card to share", id))
		}
		seen[id] = true
	}
	for _, c := range b.CheckCards {
		if c.Card == "" {
			continue
		}
		id := CheckCardID(c.Exercise, c.Check)
		if !deck[c.Card] && !seen[c.Card] {
			p = append(p, fmt.Sprintf("check card %q shares card %q, which is neither a deck card nor a check card", id, c.Card))
		} else if _, ok := b.Card(id); !ok {
			p = append(p, fmt.Sprintf("check card %q: its links to other cards go round in a circle or too deep", id))
		}
	}
	return p
}
