// Package quiz holds the course's question bank and review cards as data,
// and grades answers to them.
//
// # The bank
//
// The bank is a set of JSON files embedded in the package (the schema is in
// SCHEMA.md): sections.json names the course sections, questions/*.json
// holds the questions, cards.json the hand-written review cards, and
// programs/<id>/main.go the runnable programs of "predict the output"
// questions. Default returns the embedded bank, loaded and validated once.
//
// A question is a quick check of one section (shown inline in the lesson)
// or, with Final set, part of the final quiz. It is one of four kinds:
// Single (one right choice), Multiple (one or more right choices), Numeric
// (a number within a tolerance) and Output (pick the output of a program;
// a test runs each program and checks the key against what it prints).
//
// # Grading
//
// Grade grades one answer and Score a whole quiz. Both are pure functions of
// the bank and the answers: no clock, no randomness, no I/O. The browser
// reaches them through the Go runtime with GradeJSON and ScoreJSON, which take
// and return JSON text so that no Go value has to cross into JavaScript.
//
// # Review cards
//
// Cards are spaced-repetition flash cards. Besides the hand-written deck,
// CardFromMissed turns a missed question into a card and CardFromCheck does
// the same for a failed exercise check; scheduling happens in the browser.
//
// Nothing in the package imports os or net, and no exported API is generic,
// so the package builds for GOOS=js GOARCH=wasm and can be exported to the
// interpreter.
package quiz
