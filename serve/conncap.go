package serve

import (
	"net"
	"net/http"
	"sync"
)

// connCap is a listener that serves at most cap connections at once
// (and holds one more, accepted, until a slot frees): the server's
// descriptors cannot run out however many clients connect. A client past
// the cap makes Accept close the connection that has been idle (between
// keep-alive requests) the longest, as the server's idle timeout would
// later, or else wait until a connection closes; the clients after it
// wait in the kernel's backlog. Its track method must be the
// http.Server's ConnState hook, so that it knows which connections are
// idle.
type connCap struct {
	net.Listener
	slots chan struct{} // one per open connection
	done  chan struct{} // closed by Close
	close sync.Once
	// idled is signalled when a connection goes idle, so that an Accept
	// waiting at the cap can close it.
	idled chan struct{}

	mu   sync.Mutex
	idle map[net.Conn]uint64 // idle connections, by when they went idle
	seq  uint64
}

func newConnCap(l net.Listener, limit int) *connCap {
	return &connCap{Listener: l, slots: make(chan struct{}, max(limit, 1)), done: make(chan struct{}),
		idled: make(chan struct{}, 1), idle: map[net.Conn]uint64{}}
}

// Accept accepts the next connection, then waits for a free slot for
// it, closing idle connections to make one; the connection frees its
// slot when closed. Only a client that is there makes an idle
// connection close.
func (c *connCap) Accept() (net.Conn, error) {
	conn, err := c.Listener.Accept()
	if err != nil {
		return nil, err
	}
	for {
		select {
		case c.slots <- struct{}{}:
			return &cappedConn{Conn: conn, free: func() { <-c.slots }}, nil
		default:
		}
		c.closeOldestIdle()
		select {
		case c.slots <- struct{}{}:
			return &cappedConn{Conn: conn, free: func() { <-c.slots }}, nil
		case <-c.idled:
		case <-c.done:
			conn.Close()
			return nil, net.ErrClosed
		}
	}
}

// Close closes the listener and ends an Accept waiting for a slot.
func (c *connCap) Close() error {
	c.close.Do(func() { close(c.done) })
	return c.Listener.Close()
}

// track is the http.Server's ConnState hook.
func (c *connCap) track(conn net.Conn, state http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if state != http.StateIdle {
		delete(c.idle, conn)
		return
	}
	c.seq++
	c.idle[conn] = c.seq
	select {
	case c.idled <- struct{}{}:
	default:
	}
}

// closeOldestIdle closes the connection idle the longest, if any. A
// request its client sends at that very moment fails, as it would at the
// idle timeout.
func (c *connCap) closeOldestIdle() {
	c.mu.Lock()
	var oldest net.Conn
	var at uint64
	for conn, seq := range c.idle {
		if oldest == nil || seq < at {
			oldest, at = conn, seq
		}
	}
	delete(c.idle, oldest)
	c.mu.Unlock()
	if oldest != nil {
		oldest.Close()
	}
}

// cappedConn frees its slot when first closed.
type cappedConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *cappedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}
