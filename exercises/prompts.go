//go:build !js

package exercises

import "embed"

// prompts holds the exercises' tasks, for the command line, the tests and
// the site builder, which renders each into its exercise page;
// prompts_js.go leaves them out of the page's WebAssembly, which never
// shows them.
//
//go:embed */prompt.md
var prompts embed.FS

func readPrompt(slug string) string {
	return readFrom(prompts, slug+"/prompt.md")
}
