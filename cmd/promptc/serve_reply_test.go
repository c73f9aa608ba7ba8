package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promptc/promptc/serve"
)

// TestServeReplyCache: a warm build request over unchanged files gets
// the JSON the previous one got, without encoding it again (the same
// bytes), from a watching Builder (one without a watch checks its files
// and makes a new Result each time, encoded each time); once a file
// changes, the new Result's JSON; every reply is the cold build's
// Result.
func TestServeReplyCache(t *testing.T) {
	f := newServeFixture(t)
	for _, watch := range []bool{false, true} {
		h := f.handler(t, watch, f.root)
		req := serve.Request{Command: serve.CommandBuild, Args: []string{"--cwd", f.proj}}
		build := func() serve.Encoded {
			t.Helper()
			v, e := h.Handle(context.Background(), req)
			if e != nil {
				t.Fatal(e)
			}
			enc, ok := v.(serve.Encoded)
			if !ok {
				t.Fatalf("the build reply is a %T, not serve.Encoded", v)
			}
			if cold := f.coldJSON(t, req.Args); !sameJSON(enc, cold) {
				t.Fatalf("the reply is not the cold build's Result:\n%.300s\n--- cold\n%.300s", enc, cold)
			}
			return enc
		}
		build() // cold; the next may rebuild once, as the Builder settles
		second, third := build(), build()
		if watch && &second[0] != &third[0] {
			t.Errorf("watch=%v: a warm request over unchanged files encoded its Result again", watch)
		}
		text := "Project rules, watch " + map[bool]string{false: "off", true: "on"}[watch] + ".\n"
		f.write(t, "src/proj/AGENTS.md", text)
		var edited serve.Encoded
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if edited = build(); strings.Contains(string(edited), strings.TrimSuffix(text, "\n")) {
				break
			}
		}
		if !strings.Contains(string(edited), strings.TrimSuffix(text, "\n")) {
			t.Errorf("watch=%v: the reply after an edit lacks it:\n%.400s", watch, edited)
		}
		if err := os.Chtimes(filepath.Join(f.proj, "AGENTS.md"), time.Now().Add(-time.Hour), time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
}
