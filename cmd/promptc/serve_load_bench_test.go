package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/promptc/promptc/serve"
)

// BenchmarkServeLoad is TestServeLoad's load with the server in this
// process, for a profile of the server under concurrent clients (go test
// -bench ServeLoad -cpuprofile ...; the clients' reading of replies is
// in the profile too): b.N warm build requests over loopback HTTP from
// 1 and 32 clients, watching, at $PROMPTC_SERVE_LOAD_SKILLS skills
// (default 1,000). Every reply must be the first.
func BenchmarkServeLoad(b *testing.B) {
	f := newServeFixtureSkills(b, envInt(b, "PROMPTC_SERVE_LOAD_SKILLS", 1000))
	h := f.handler(b, true, f.root)
	l, err := serve.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve.New(h.Handle, serve.Limits{}).ServeHTTP(ctx, l, 10*time.Second) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	url := "http://" + l.Addr().(*net.TCPAddr).String()
	body, _ := json.Marshal(map[string]any{"args": []string{"--cwd", f.proj}})
	for _, clients := range []int{1, 32} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
			defer client.CloseIdleConnections()
			first, err := postBuild(ctx, client, url, body)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			st := driveLoad(ctx, client, url, body, first, clients, max(b.N, clients))
			b.StopTimer()
			if st.errors > 0 {
				b.Fatalf("%d errors: %v", st.errors, st.firstErrors)
			}
			b.ReportMetric(float64(st.done)/st.wall.Seconds(), "req/s")
			b.ReportMetric(ms(st.quantile(0.5)), "p50-ms")
			b.ReportMetric(ms(st.quantile(0.99)), "p99-ms")
		})
	}
}
