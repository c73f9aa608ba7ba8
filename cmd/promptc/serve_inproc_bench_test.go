package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/serve"
)

// BenchmarkServeHandler is a warm serve request in process, without the
// transport, at 1,000 skills: handle (session, warm Builder, the reply's
// JSON from the slot's cache) and encode (the Result's JSON, what a
// request pays when its Result changed).
func BenchmarkServeHandler(b *testing.B) {
	f := newServeFixtureSkills(b, 1000)
	h := f.handler(b, true)
	req := serve.Request{Command: serve.CommandBuild, Args: []string{"--cwd", f.proj}}
	if _, e := h.Handle(context.Background(), req); e != nil {
		b.Fatal(e)
	}
	b.Run("handle", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, e := h.Handle(context.Background(), req); e != nil {
				b.Fatal(e)
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		v, _ := h.Handle(context.Background(), req)
		var res engine.Result
		if err := json.Unmarshal(v.(serve.Encoded), &res); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if _, err := json.Marshal(&res); err != nil {
				b.Fatal(err)
			}
		}
	})
}
