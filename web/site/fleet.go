package site

import (
	"encoding/json"
	"fmt"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// FleetPictureDirective is the info string of the replicas picture: one
// client's requests spread over several replicas, each with its own token
// bucket, against the same replicas sharing one store. The builder embeds
// the preset run (widgets.RunFleet, the same code the page's Go runtime
// runs when the learner changes the number of replicas).
const FleetPictureDirective = "fleet-chart"

// fleetJSON is the preset run as the widget method fleetRun returns it.
func fleetJSON() (string, error) {
	out, err := widgets.New().Call("fleetRun", []any{nil})
	if err != nil {
		return "", fmt.Errorf("site: fleet picture: %w", err)
	}
	b, err := json.Marshal(out)
	return string(b), err
}
