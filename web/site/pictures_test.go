package site

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBackoffPictureShowsLockstepAndSpread(t *testing.T) {
	p, err := backoffPicture()
	require.NoError(t, err)
	none, full := p.Rows["none"], p.Rows["full"]
	require.Len(t, none, p.Clients)
	require.Len(t, full, p.Clients)
	for c := range none {
		assert.Equal(t, []float64{0, 500, 1500, 3500, 7500, 15500}, none[c], "no jitter: every client on the same instants")
	}
	assert.NotEqual(t, full[0], full[1], "full jitter: clients differ")
	for _, row := range full {
		for i := 1; i < len(row); i++ {
			assert.LessOrEqual(t, row[i]-row[i-1], none[0][i]-none[0][i-1], "a jittered wait never exceeds the plain backoff")
		}
	}
}

func TestBreakerPictureOpensProbesAndCloses(t *testing.T) {
	p, err := breakerPicture()
	require.NoError(t, err)
	var states []string
	for _, s := range p.States {
		states = append(states, s.State)
	}
	assert.Equal(t, []string{"closed", "open", "half-open", "open", "half-open", "open", "half-open", "closed"}, states)
	outcomes := map[string]int{}
	probes := 0
	for _, c := range p.Calls {
		outcomes[c.Outcome]++
		if c.Probe {
			probes++
		}
	}
	assert.Equal(t, 3+2, outcomes["failed"], "three to open, then two failed probes")
	assert.Equal(t, 3, probes)
	assert.Positive(t, outcomes["rejected"])
}

func TestBucketPictureSpendsTheBurst(t *testing.T) {
	p, err := bucketPicture()
	require.NoError(t, err)
	var burst []bool
	for _, r := range p.Requests[:8] {
		burst = append(burst, r.Allowed)
	}
	assert.Equal(t, []bool{true, true, true, true, true, false, false, false}, burst)
	assert.Equal(t, 5.0, p.Level[0])
	assert.Len(t, p.Level, int(p.EndMs/p.StepMs)+1)
	for _, d := range []string{BackoffPictureDirective, BreakerPictureDirective, BucketPictureDirective} {
		s, err := pictureJSON(d)
		require.NoError(t, err)
		assert.True(t, json.Valid([]byte(s)))
	}
}
