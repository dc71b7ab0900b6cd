package exercises

// specs lists the exercises in course order. Each one's files are read from
// the folder named by its slug.
var specs = []*Exercise{
	tokenBucket,
	retryClassifier,
	fullJitter,
	retryLoop,
	idempotencyStore,
	circuitBreaker,
}
