//go:build !js

package browser

import (
	"fmt"
	"net"
	"sync"
	"time"
)

// Link is a network link emulated at the server, between the browser and
// the test server: every connection's answers leave through one shared
// downstream of Mbps (so the page, its workers and the service worker all
// wait behind each other, as on a real line), and every byte takes half the
// round trip to cross in each direction.
//
// The model, per connection:
//   - setup: the client's first bytes reach the server one round trip after
//     it connected plus half a round trip (the TCP handshake, then the
//     request), so a request on a new connection is answered no sooner than
//     two round trips after the connect, and one on a kept-alive connection
//     after one;
//   - downstream: the server's writes are cut into packets of packetSize
//     bytes that take the line in the order they are written, back to back
//     at Mbps (a departure-time schedule shared by all connections: each
//     packet leaves when the line is free, and arrives its transmission
//     time plus half a round trip later);
//   - upstream: the client's bytes are delayed by half a round trip, not
//     throttled (requests are a few hundred bytes).
//
// Every time is an absolute instant on that schedule, so a goroutine that
// wakes late (a loaded machine) delivers late once and the next packets
// catch up: the average rate stays the setting. Not modelled: packet loss,
// TCP's slow start on the emulated line (the loopback connection starts
// with a window far larger than a real one), and header overhead (Mbps
// counts the bytes the server writes, HTTP headers included).
type Link struct {
	Mbps float64       // downstream bandwidth shared by every connection
	RTT  time.Duration // round trip: half of it each way
}

// packetSize is how many bytes take the line at once: a TCP segment on an
// Ethernet path.
const packetSize = 1460

// sendBuffer is how many bytes a connection holds that the line has not
// taken yet (its socket's send buffer): the server's writes block past it.
const sendBuffer = 64 << 10

// ahead is how far past the present the line books packets. Past it, the
// line waits, so a connection that starts writing while another streams
// waits for at most this much of the other's data.
const ahead = 10 * time.Millisecond

func (l Link) String() string {
	return fmt.Sprintf("%g Mbps, %d ms", l.Mbps, l.RTT.Milliseconds())
}

// Shape returns a listener whose connections cross the link; ln is closed
// with it. The connections it returns are in-memory pipes to the real ones
// (net.Pipe), with the real addresses.
func (l Link) Shape(ln net.Listener) net.Listener {
	s := &shapedListener{Listener: ln, line: newLine(l)}
	go s.line.run()
	return s
}

type shapedListener struct {
	net.Listener
	line *line
}

func (s *shapedListener) Close() error {
	s.line.stop()
	return s.Listener.Close()
}

func (s *shapedListener) Accept() (net.Conn, error) {
	c, err := s.Listener.Accept()
	if err != nil {
		return nil, err
	}
	accepted := time.Now()
	server, inner := net.Pipe()
	up := newDelivery(inner)
	go up.run()
	go func() { // client -> server: half a round trip, after the handshake
		buf := make([]byte, 32<<10)
		for {
			n, err := c.Read(buf)
			if n > 0 {
				up.push(s.line.upstream(time.Now(), accepted), append([]byte(nil), buf[:n]...))
			}
			if err != nil {
				up.end()
				return
			}
		}
	}()
	down := s.line.open(newDelivery(c))
	go down.delivery.run()
	go func() { // server -> client: queued for the shared line
		buf := make([]byte, 32<<10)
		for {
			n, err := inner.Read(buf)
			s.line.enqueue(down, time.Now(), buf[:n])
			if err != nil {
				s.line.finish(down)
				return
			}
		}
	}()
	return &pipeConn{Conn: server, local: c.LocalAddr(), remote: c.RemoteAddr()}, nil
}

// pipeConn is the server's end of the pipe, with the real connection's
// addresses.
type pipeConn struct {
	net.Conn
	local, remote net.Addr
}

func (p *pipeConn) LocalAddr() net.Addr  { return p.local }
func (p *pipeConn) RemoteAddr() net.Addr { return p.remote }

// line is the shared downstream: the connections' queued bytes and the
// schedule they leave on.
type line struct {
	mu          sync.Mutex
	changed     *sync.Cond // bytes queued, taken, or the line stopped
	senders     []*sender  // open connections, served in turn
	turn        int        // the sender whose packet goes next
	free        time.Time  // when the line has sent all it has booked
	stopped     bool
	bytesPerSec float64
	rtt         time.Duration
}

// sender is one connection's bytes waiting for the line.
type sender struct {
	queue    []queued
	size     int  // bytes in queue
	finished bool // the server closed its end: no more bytes come
	delivery *delivery
}

type queued struct {
	at   time.Time // when the server wrote them
	data []byte
}

func newLine(l Link) *line {
	ln := &line{bytesPerSec: l.Mbps * 1e6 / 8, rtt: l.RTT}
	ln.changed = sync.NewCond(&ln.mu)
	return ln
}

func (l *line) open(d *delivery) *sender {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := &sender{delivery: d}
	l.senders = append(l.senders, s)
	return s
}

// enqueue queues a copy of data written at at, waiting while the sender's
// buffer is full.
func (l *line) enqueue(s *sender, at time.Time, data []byte) {
	if len(data) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for s.size >= sendBuffer && !l.stopped {
		l.changed.Wait()
	}
	s.queue = append(s.queue, queued{at, append([]byte(nil), data...)})
	s.size += len(data)
	l.changed.Broadcast()
}

// finish says the sender's connection will queue nothing more; its
// delivery ends once the line has taken what is queued.
func (l *line) finish(s *sender) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s.finished = true
	l.changed.Broadcast()
}

func (l *line) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopped = true
	l.changed.Broadcast()
}

// run sends packets from the senders in turn, each booked by reserve from
// when its bytes were written, never booking more than ahead past the
// present. A run that wakes late books the packets it then takes in the
// past, so they go out at once and the line catches up: lateness costs no
// bandwidth while bytes are queued.
func (l *line) run() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for {
		s := l.next()
		for s == nil && !l.stopped {
			l.changed.Wait()
			s = l.next()
		}
		if l.stopped {
			for _, s := range l.senders {
				s.delivery.end()
			}
			return
		}
		if len(s.queue) == 0 { // finished and empty
			l.drop(s)
			s.delivery.end()
			continue
		}
		q := &s.queue[0]
		k := min(len(q.data), packetSize)
		packet, at := q.data[:k], q.at
		if q.data = q.data[k:]; len(q.data) == 0 {
			s.queue = s.queue[1:]
		}
		s.size -= k
		start, arrive := l.reserve(at, k)
		s.delivery.push(arrive, packet)
		l.changed.Broadcast()
		if wait := time.Until(start) - ahead; wait > 0 {
			l.mu.Unlock()
			time.Sleep(wait)
			l.mu.Lock()
		}
	}
}

// next is the next sender in turn with bytes queued or finished, or nil.
func (l *line) next() *sender {
	for i := range l.senders {
		s := l.senders[(l.turn+i)%len(l.senders)]
		if len(s.queue) > 0 || s.finished {
			l.turn = (l.turn + i + 1) % len(l.senders)
			return s
		}
	}
	return nil
}

func (l *line) drop(s *sender) {
	for i, o := range l.senders {
		if o == s {
			l.senders = append(l.senders[:i], l.senders[i+1:]...)
			return
		}
	}
}

// reserve books n bytes written at at: they start down the line when it
// is free (start) and have all reached the client at arrive.
func (l *line) reserve(at time.Time, n int) (start, arrive time.Time) {
	start = l.free
	if start.Before(at) {
		start = at
	}
	l.free = start.Add(time.Duration(float64(n) / l.bytesPerSec * float64(time.Second)))
	return start, l.free.Add(l.rtt / 2)
}

// upstream is when bytes the client sent at sent reach the server, on a
// connection accepted at accepted: half a round trip, and not before the
// handshake's round trip has passed.
func (l *line) upstream(sent, accepted time.Time) time.Time {
	if handshake := accepted.Add(l.rtt); sent.Before(handshake) {
		sent = handshake
	}
	return sent.Add(l.rtt / 2)
}

// delivery writes chunks to a connection at their arrival instants, in
// order, then closes it once its source has ended.
type delivery struct {
	to    net.Conn
	queue chan chunk
}

type chunk struct {
	at   time.Time
	data []byte
}

func newDelivery(to net.Conn) *delivery {
	return &delivery{to: to, queue: make(chan chunk, 1024)}
}

// push queues data, which it keeps, for delivery at at.
func (d *delivery) push(at time.Time, data []byte) {
	d.queue <- chunk{at, data}
}

// end says nothing more will be pushed.
func (d *delivery) end() { close(d.queue) }

func (d *delivery) run() {
	failed := false
	for c := range d.queue {
		if failed {
			continue // drain, so the source never blocks
		}
		if wait := time.Until(c.at); wait > 0 {
			time.Sleep(wait)
		}
		if _, err := d.to.Write(c.data); err != nil {
			failed = true
			d.to.Close() // the other side's reads end too
		}
	}
	d.to.Close()
}
