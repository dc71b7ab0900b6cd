//go:build js

package exercises

// readAnswers leaves the answers out of GOOS=js builds: see answers.go.
func readAnswers(string) (string, map[string]string, map[string]string) {
	return "", map[string]string{}, map[string]string{}
}
