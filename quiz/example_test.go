package quiz_test

import (
	"fmt"

	"github.com/flakylab/flakylab/quiz"
)

func ExampleGrade() {
	r := quiz.Grade("bucket-idle-burst", quiz.Answer{Value: "15"})
	fmt.Println("correct:", r.Correct)
	fmt.Println("right answer:", r.Right)
	fmt.Println("why 15 is wrong:", r.Note)
	// Output:
	// correct: false
	// right answer: 10 requests
	// why 15 is wrong: A minute of refill at 2 per second would be 120 tokens, but the bucket stops filling at its capacity of 10. The other 5 requests get 429.
}

func ExampleScore() {
	r := quiz.Score([]quiz.Response{
		{Question: "bucket-vs-counter", Answer: quiz.Answer{Choices: []string{"a"}}},
		{Question: "storms-composition", Answer: quiz.Answer{Choices: []string{"a"}}},
	})
	fmt.Printf("%d of %d right (%d%%)\n", r.Correct, r.Total, r.Percent)
	for _, c := range r.Cards {
		fmt.Println("new review card:", c.ID)
	}
	// Output:
	// 1 of 2 right (50%)
	// new review card: quiz:storms-composition
}
