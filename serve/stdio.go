package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
)

// ServeStdio answers newline-delimited JSON requests from r with one
// reply line each on w, in order, until r ends (nil) or ctx is cancelled
// (nil, after the request being handled is answered). A request line
// longer than MaxBody gets a too_large reply and is skipped whole. Blank
// lines are ignored. A failure to write a reply ends serving with it.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	type line struct {
		data []byte
		big  bool
		err  error
	}
	lines := make(chan line)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		br := bufio.NewReaderSize(r, 64<<10)
		for {
			data, big, err := readLine(br, s.limits.MaxBody)
			select {
			case lines <- line{data, big, err}:
			case <-stop:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	bw := bufio.NewWriter(w)
	for {
		if ctx.Err() != nil {
			return nil
		}
		var l line
		select {
		case <-ctx.Done():
			return nil
		case l = <-lines:
		}
		if l.err != nil && len(l.data) == 0 && !l.big {
			if errors.Is(l.err, io.EOF) {
				return nil
			}
			return l.err
		}
		var reply []byte
		switch {
		case l.big:
			reply = encode(errorReply{&Error{Code: CodeTooLarge, Message: fmt.Sprintf("the request line is longer than %d bytes", s.limits.MaxBody)}})
		case len(trimSpace(l.data)) == 0:
			if l.err != nil {
				return nil
			}
			continue
		default:
			// A request already read is answered even when ctx ends
			// meanwhile: drain, do not drop.
			reply, _ = s.Do(context.WithoutCancel(ctx), l.data, "")
		}
		bw.Write(reply) // shared (Encoded): not appended to
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
		if l.err != nil {
			return nil
		}
	}
}

// readLine reads up to and without the next '\n'. A line longer than max
// is consumed to its end and reported with big and no data.
func readLine(br *bufio.Reader, max int64) (data []byte, big bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !big {
			if int64(len(data)+len(chunk)) > max+1 {
				big, data = true, nil
			} else {
				data = append(data, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(data) > 0 && data[len(data)-1] == '\n' {
			data = data[:len(data)-1]
		}
		return data, big, err
	}
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
