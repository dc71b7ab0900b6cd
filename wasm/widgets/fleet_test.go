package widgets_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/wasm/widgets"
)

func TestFleetRunSharedVersusOwn(t *testing.T) {
	cases := []struct {
		config        map[string]any
		replicas      int
		wantAllowance float64
	}{
		{nil, 4, 50}, // the preset: 10 + 2·20
		{map[string]any{"replicas": 1.0}, 1, 50},
		{map[string]any{"replicas": 8.0, "capacity": 5.0, "rate": 1.0, "requestRate": 50.0, "seconds": 10.0}, 8, 15},
		{map[string]any{"replicas": 3.0, "rate": 0.0}, 3, 10},
	}
	for _, c := range cases {
		out, err := widgets.New().Call("fleetRun", []any{c.config})
		require.NoError(t, err, "fleetRun(%v)", c.config)
		run := out.(map[string]any)
		assert.Equal(t, c.wantAllowance, run["allowance"], "fleetRun(%v): allowance", c.config)
		own, shared := run["own"].(map[string]any), run["shared"].(map[string]any)
		ownAllowed, sharedAllowed := own["allowed"].(float64), shared["allowed"].(float64)
		// One shared bucket lets through its allowance, give or take the
		// token refilling when the client stops; N own buckets N times it.
		assert.InDelta(t, c.wantAllowance, sharedAllowed, 1, "fleetRun(%v): shared store", c.config)
		assert.InDelta(t, float64(c.replicas)*c.wantAllowance, ownAllowed, float64(c.replicas), "fleetRun(%v): own buckets", c.config)
		assert.Len(t, own["perReplica"], c.replicas, "fleetRun(%v): per replica", c.config)
		sum := 0.0
		for _, n := range shared["perSecond"].([]any) {
			sum += n.(float64)
		}
		assert.Equal(t, sharedAllowed, sum, "fleetRun(%v): the seconds add up", c.config)
		assert.Equal(t, ownAllowed+own["refused"].(float64), sharedAllowed+shared["refused"].(float64), "fleetRun(%v): both set-ups see the same requests", c.config)
	}
}

func TestFleetRunRefusesBadConfig(t *testing.T) {
	cases := []struct {
		config map[string]any
		want   string
	}{
		{map[string]any{"replicas": 17.0}, "bad_request: fleetRun: replicas must be 1 to 16, got 17"},
		{map[string]any{"capacity": -1.0}, "bad_request: fleetRun: capacity must be > 0 and at most 1e6, got -1"},
		{map[string]any{"rate": -1.0}, "bad_request: fleetRun: rate must be >= 0 and at most 1e6, got -1"},
		{map[string]any{"requestRate": 500.0}, "bad_request: fleetRun: requestRate must be > 0 and at most 200, got 500"},
		{map[string]any{"seconds": 121.0}, "bad_request: fleetRun: seconds must be > 0 and at most 120, got 121"},
		{map[string]any{"servers": 2.0}, `bad_request: config has no setting "servers"; it takes replicas, capacity, rate, requestRate, seconds`},
	}
	for _, c := range cases {
		_, err := widgets.New().Call("fleetRun", []any{c.config})
		assert.EqualError(t, err, c.want, "fleetRun(%v)", c.config)
	}
}
