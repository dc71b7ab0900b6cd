package storm

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConfigDefaults(t *testing.T) {
	c := Config{}.withDefaults()
	assert.Equal(t, Config{
		Clients:          DefaultClients,
		Capacity:         DefaultCapacity,
		Burst:            DefaultBurst,
		Duration:         DefaultDuration,
		OutageStart:      DefaultOutageStart,
		OutageEnd:        DefaultOutageEnd,
		Base:             DefaultBase,
		Cap:              DefaultCap,
		BreakerThreshold: DefaultBreakerThreshold,
		BreakerCooldown:  DefaultBreakerCooldown,
		RequestInterval:  DefaultRequestInterval,
		ServiceTime:      DefaultServiceTime,
		RoundTrip:        DefaultRoundTrip,
		RejectCost:       DefaultRejectCost,
		Slice:            DefaultSlice,
	}, c)
	require.NoError(t, Config{}.Validate())

	// Set fields are kept, and an empty window means no outage.
	c = Config{OutageStart: 5 * time.Second, OutageEnd: 5 * time.Second, Capacity: 7}.withDefaults()
	assert.Equal(t, 5*time.Second, c.OutageStart)
	assert.Equal(t, 5*time.Second, c.OutageEnd)
	assert.Equal(t, 7, c.Capacity)
}

func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		c    Config
		want string
	}{
		{Config{Clients: -1}, "storm: Clients must be in [0, 100000], got -1"},
		{Config{Clients: maxClients + 1}, "storm: Clients must be in [0, 100000], got 100001"},
		{Config{Capacity: -2}, "storm: Capacity must be >= 0, got -2"},
		{Config{Duration: -time.Second}, "storm: Duration must be >= 0, got -1s"},
		{Config{Burst: -time.Second}, "storm: Burst must be >= 0, got -1s"},
		{Config{OutageStart: -time.Second, OutageEnd: time.Second}, "storm: OutageStart must be >= 0, got -1s"},
		{Config{OutageStart: 2 * time.Second, OutageEnd: time.Second}, "storm: OutageEnd (1s) must be >= OutageStart (2s)"},
		{Config{OutageStart: time.Second}, "storm: OutageEnd (0s) must be >= OutageStart (1s)"},
		{Config{Strategy: Strategy(9)}, "storm: Strategy is unknown: Strategy(9)"},
		{Config{MaxAttempts: -1}, "storm: MaxAttempts must be >= 0, got -1"},
		{Config{Base: -time.Second}, "storm: Base must be >= 0, got -1s"},
		{Config{Base: 2 * time.Second, Cap: time.Second}, "storm: Cap (1s) must be >= Base (2s)"},
		{Config{RetryAfter: -time.Second}, "storm: RetryAfter must be >= 0, got -1s"},
		{Config{BreakerThreshold: -1}, "storm: BreakerThreshold must be >= 0, got -1"},
		{Config{BreakerCooldown: -time.Second}, "storm: BreakerCooldown must be >= 0, got -1s"},
		{Config{ClientRate: -1}, "storm: ClientRate must be a finite number >= 0, got -1"},
		{Config{ClientRate: math.NaN()}, "storm: ClientRate must be a finite number >= 0, got NaN"},
		{Config{ClientRate: math.Inf(1)}, "storm: ClientRate must be a finite number >= 0, got +Inf"},
		{Config{RequestInterval: -time.Second}, "storm: RequestInterval must be >= 0, got -1s"},
		{Config{ServiceTime: -time.Second}, "storm: ServiceTime must be >= 0, got -1s"},
		{Config{RoundTrip: -time.Second}, "storm: RoundTrip must be >= 0, got -1s"},
		{Config{RejectCost: -0.1}, "storm: RejectCost must be in [0, 1], got -0.1"},
		{Config{RejectCost: 1.5}, "storm: RejectCost must be in [0, 1], got 1.5"},
		{Config{RejectCost: math.NaN()}, "storm: RejectCost must be in [0, 1], got NaN"},
		{Config{Slice: -time.Second}, "storm: Slice must be >= 0, got -1s"},
		{Config{Slice: time.Microsecond}, "storm: Slice must be >= 1ms, got 1µs"},
		{Config{Slice: time.Millisecond, Duration: 1000 * time.Hour}, "storm: Slice must be >= 2·Duration/1000000 (7.2s), got 1ms"},
		{Config{RequestInterval: time.Microsecond}, "storm: RequestInterval must be >= 1ms, got 1µs"},
		{Config{Duration: math.MaxInt64}, "storm: Duration must be <= 1000h0m0s, got 2562047h47m16.854775807s"},
	} {
		err := tc.c.Validate()
		require.Error(t, err, "%+v", tc.c)
		assert.Equal(t, tc.want, err.Error(), "%+v", tc.c)
		_, err = Run(tc.c)
		assert.Error(t, err, "Run(%+v)", tc.c)
	}
}
