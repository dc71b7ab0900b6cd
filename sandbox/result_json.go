package sandbox

import (
	"encoding/json"
	"time"
)

// resultJSON is the RunResult of wasm/BRIDGE.md: the shape the page sees.
type resultJSON struct {
	Stdout           string       `json:"stdout"`
	Stderr           string       `json:"stderr"`
	Truncated        bool         `json:"truncated"`
	VirtualElapsedMs float64      `json:"virtualElapsedMs"`
	RealElapsedMs    float64      `json:"realElapsedMs"`
	ExitCode         int          `json:"exitCode"`
	Error            *errorJSON   `json:"error"`
	Errors           []*errorJSON `json:"errors"`
	Verdict          string       `json:"verdict,omitempty"` // graded runs only
	Input            string       `json:"input,omitempty"`
}

type errorJSON struct {
	Kind    Kind   `json:"kind"`
	Message string `json:"message"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// MarshalJSON encodes r as the RunResult the browser runtime returns
// (wasm/BRIDGE.md): lower-case field names, durations in milliseconds,
// error null on success and errors always a list.
func (r Result) MarshalJSON() ([]byte, error) {
	out := resultJSON{
		Stdout:           r.Stdout,
		Stderr:           r.Stderr,
		Truncated:        r.Truncated,
		VirtualElapsedMs: milliseconds(r.VirtualElapsed),
		RealElapsedMs:    milliseconds(r.RealElapsed),
		ExitCode:         r.ExitCode,
		Error:            errorOf(r.Err),
		Errors:           make([]*errorJSON, 0, len(r.Errors)),
		Verdict:          r.Verdict,
		Input:            r.Input,
	}
	for _, e := range r.Errors {
		out.Errors = append(out.Errors, errorOf(e))
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (r *Result) UnmarshalJSON(data []byte) error {
	var in resultJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	*r = Result{
		Stdout:         in.Stdout,
		Stderr:         in.Stderr,
		Truncated:      in.Truncated,
		VirtualElapsed: time.Duration(in.VirtualElapsedMs * float64(time.Millisecond)),
		RealElapsed:    time.Duration(in.RealElapsedMs * float64(time.Millisecond)),
		ExitCode:       in.ExitCode,
		Err:            in.Error.value(),
		Verdict:        in.Verdict,
		Input:          in.Input,
	}
	for _, e := range in.Errors {
		r.Errors = append(r.Errors, e.value())
	}
	return nil
}

func errorOf(e *Error) *errorJSON {
	if e == nil {
		return nil
	}
	return &errorJSON{Kind: e.Kind, Message: e.Message, Line: e.Line, Column: e.Column}
}

func (e *errorJSON) value() *Error {
	if e == nil {
		return nil
	}
	return &Error{Kind: e.Kind, Message: e.Message, Line: e.Line, Column: e.Column}
}

func milliseconds(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
