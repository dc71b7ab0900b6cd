package redisstore_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/middleware"
	"github.com/flakylab/flakylab/core/store"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

// fleet is N replicas of a payment service, each an HTTP server with the
// idempotency middleware over its own Redis client; charges counts the
// effect, shared by all of them as a payment provider would be.
type fleet struct {
	urls    []string
	charges atomic.Int64
	client  *http.Client
}

func newFleet(t *testing.T, srv *redisserver.Server, n int, work time.Duration) *fleet {
	f := &fleet{client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}, Timeout: time.Minute}}
	t.Cleanup(f.client.CloseIdleConnections)
	charge := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := f.charges.Add(1)
		time.Sleep(work) // the call to the payment provider
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, "charge %d of %s", n, body)
	})
	for range n {
		// Pools and timeouts sized for 125 requests at once per replica on
		// a busy machine: the property is about the outcomes, not speed.
		rdb := redis.NewClient(&redis.Options{Addr: srv.Addr, Protocol: 2, ContextTimeoutEnabled: true, PoolSize: 128, PoolTimeout: time.Minute})
		t.Cleanup(func() { _ = rdb.Close() })
		st, err := redisstore.NewIdempotency(rdb, redisstore.IdempotencySettings{Settings: redisstore.Settings{Timeout: time.Minute}})
		require.NoError(t, err)
		h, err := middleware.Idempotency(charge, middleware.IdempotencySettings{Store: st})
		require.NoError(t, err)
		s := httptest.NewServer(h)
		t.Cleanup(s.Close)
		f.urls = append(f.urls, s.URL)
	}
	return f
}

type answer struct {
	status   int
	body     string
	replayed bool
}

func (f *fleet) post(replica int, key, body string) (answer, error) {
	req, err := http.NewRequest("POST", f.urls[replica]+"/charges", strings.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := f.client.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, string(b), resp.Header.Get(middleware.HeaderReplayed) == "true"}, err
}

// TestExactlyOnce: 1000 concurrent requests with one idempotency key,
// spread over 8 replicas: the handler runs once, and every other answer
// is the replay of its response or a 409. The same key with another body
// gets 422.
func TestExactlyOnce(t *testing.T) {
	srv := redisserver.Start(t)
	f := newFleet(t, srv, replicas, 200*time.Millisecond)
	const requests = 1000
	answers := make([]answer, requests)
	errs := make([]error, requests)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range requests {
		wg.Go(func() {
			<-start
			answers[i], errs[i] = f.post(i%replicas, "order-2026-0001", `{"amount":5000}`)
		})
	}
	close(start)
	wg.Wait()

	counts := map[string]int{}
	var first string
	for i, a := range answers {
		require.NoError(t, errs[i], "request %d", i)
		switch {
		case a.status == http.StatusCreated && !a.replayed:
			counts["first"]++
			first = a.body
		case a.status == http.StatusCreated:
			counts["replay"]++
		case a.status == http.StatusConflict:
			counts["409"]++
		default:
			t.Errorf("request %d: status %d %q, want 201 or 409", i, a.status, a.body)
		}
	}
	t.Logf("exactly once: %d concurrent requests over %d replicas: handler ran %d time(s); answers %v", requests, replicas, f.charges.Load(), counts)
	assert.Equal(t, int64(1), f.charges.Load(), "handler runs")
	assert.Equal(t, 1, counts["first"], "first answers")
	assert.Equal(t, requests, counts["first"]+counts["replay"]+counts["409"], "every answer is the first, a replay or a 409")
	for i, a := range answers {
		if a.status == http.StatusCreated {
			assert.Equal(t, first, a.body, "request %d: a replay carries the first response", i)
		}
	}

	again, err := f.post(3, "order-2026-0001", `{"amount":5000}`)
	require.NoError(t, err)
	assert.Equal(t, answer{201, first, true}, again, "a retry after the first completed")
	other, err := f.post(5, "order-2026-0001", `{"amount":7000}`)
	require.NoError(t, err)
	assert.Equal(t, http.StatusUnprocessableEntity, other.status, "the key with another body: %q", other.body)
	assert.Equal(t, int64(1), f.charges.Load(), "handler runs in the end")
}

// TestKilledReplica: replica A claims a key and stops answering (its
// handler hangs, as a replica does when it is killed mid-request). Until
// A's lease runs out, replica B answers 409; then B claims the key, runs
// the work and stores its response. When A's handler finally returns, its
// completion is refused, and a retry still replays B's response.
func TestKilledReplica(t *testing.T) {
	srv := redisserver.Start(t)
	hang := make(chan struct{})
	var refused []error
	var mu sync.Mutex
	replica := func(name string, wait <-chan struct{}) string {
		st, err := redisstore.NewIdempotency(newClient(t, srv), redisstore.IdempotencySettings{Lease: 2 * time.Second})
		require.NoError(t, err)
		h, err := middleware.Idempotency(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if wait != nil {
				<-wait
			}
			fmt.Fprintf(w, "charged by %s", name)
		}), middleware.IdempotencySettings{Store: st, OnError: func(_ *http.Request, err error) {
			mu.Lock()
			refused = append(refused, err)
			mu.Unlock()
		}})
		require.NoError(t, err)
		s := httptest.NewServer(h)
		t.Cleanup(s.Close)
		return s.URL
	}
	f := &fleet{urls: []string{replica("A", hang), replica("B", nil)}, client: &http.Client{Timeout: time.Minute}}
	t.Cleanup(f.client.CloseIdleConnections)

	fromA := make(chan answer, 1)
	go func() {
		a, _ := f.post(0, "order-9", "x")
		fromA <- a
	}()
	admin := newClient(t, srv)
	waitUntil(t, "A claims the key", func() bool {
		n, err := admin.Exists(context.Background(), redisstore.DefaultPrefix+"idem:{order-9}").Result()
		return err == nil && n == 1
	})
	var b answer
	conflicts := 0
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var err error
		b, err = f.post(1, "order-9", "x")
		require.NoError(t, err)
		if b.status != http.StatusConflict {
			break
		}
		conflicts++
		require.True(t, time.Now().Before(deadline), "replica A's lease never ran out")
		time.Sleep(25 * time.Millisecond)
	}
	assert.Positive(t, conflicts, "B answered 409 while A held the key")
	assert.Equal(t, answer{200, "charged by B", false}, b, "after the lease, B runs the work")

	close(hang)
	a := <-fromA
	assert.Equal(t, "charged by A", a.body, "A's client still gets A's answer")
	mu.Lock()
	require.Len(t, refused, 1, "A's completion is reported")
	assert.ErrorIs(t, refused[0], store.ErrSuperseded, "and refused")
	mu.Unlock()
	retry, err := f.post(0, "order-9", "x")
	require.NoError(t, err)
	assert.Equal(t, answer{200, "charged by B", true}, retry, "the stored response is B's")
	t.Logf("killed replica: B answered 409 %d times, then completed the key; A's late completion: %v", conflicts, refused[0])
}
