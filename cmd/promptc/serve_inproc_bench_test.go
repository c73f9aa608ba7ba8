package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/promptc/promptc/serve"
)

// BenchmarkServeHandler is a warm serve request in process: the handler
// (session, warm Builder) and the reply's JSON encoding, without the
// transport, at 1,000 skills.
func BenchmarkServeHandler(b *testing.B) {
	f := newServeFixtureSkills(b, 1000)
	e := fakeEnv{vars: map[string]string{"HOME": f.home, "PROMPTC_SYSTEM_CONFIG": f.root + "/etc/config.yaml"}, wd: f.proj}
	roots, _ := serve.NewRoots(nil, nil)
	h, err := newServeHandler(e, roots, 8, true)
	if err != nil {
		b.Fatal(err)
	}
	req := serve.Request{Command: serve.CommandBuild, Args: []string{"--cwd", f.proj}}
	if _, e := h.handle(context.Background(), req); e != nil {
		b.Fatal(e)
	}
	b.Run("handle", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, e := h.handle(context.Background(), req); e != nil {
				b.Fatal(e)
			}
		}
	})
	b.Run("handle+encode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			v, e := h.handle(context.Background(), req)
			if e != nil {
				b.Fatal(e)
			}
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
