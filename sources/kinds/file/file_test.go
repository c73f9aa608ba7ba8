package file

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promptc/promptc/sources"
)

func TestLoad(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(root+"/policy.md", []byte("Be safe.\n\xff"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(root+"/secret.md", []byte("x"), 0o000); err != nil {
		t.Fatal(err)
	}
	fsys := os.DirFS("/").(sources.FS)
	tests := []struct {
		name string
		opts Options
		want string // exists|content|diag codes|origins
	}{
		{"absolute", Options{Path: root + "/policy.md"}, "true|Be safe.\n\ufffd||policy.md:file:10"},
		{"relative to base", Options{Path: "policy.md", Base: root, Role: "policy"}, "true|Be safe.\n\ufffd||policy.md:policy:10"},
		{"missing", Options{Path: root + "/nope.md"}, "false||file/missing|"},
		{"missing, optional", Options{Path: "nope.md", Base: root, Optional: true}, "false|||"},
	}
	if os.Geteuid() != 0 {
		tests = append(tests, struct {
			name string
			opts Options
			want string
		}{"unreadable", Options{Path: root + "/secret.md"}, "false||file/unreadable|"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.opts
			v, out, err := load(context.Background(), sources.Env{FS: fsys}, &o)
			if err != nil {
				t.Fatal(err)
			}
			var codes, origins []string
			for _, d := range out.Diags {
				codes = append(codes, d.Code)
			}
			for _, og := range out.Origins {
				origins = append(origins, strings.TrimPrefix(og.Path, root+"/")+":"+og.Role+":"+strconv.Itoa(og.Bytes))
			}
			got := strings.Join([]string{strconv.FormatBool(v.Exists), v.Content, strings.Join(codes, ","), strings.Join(origins, ",")}, "|")
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCheckOptions(t *testing.T) {
	never := func(string) bool { return false }
	for _, tc := range []struct {
		opts    Options
		pending func(string) bool
		want    string
	}{
		{Options{}, never, "file: path is empty"},
		{Options{Path: "a.md"}, never, "file: a relative path needs an absolute base"},
		{Options{Path: "a.md"}, func(n string) bool { return n == "base" }, ""},
		{Options{}, func(n string) bool { return n == "path" }, ""},
		{Options{Path: "/a.md"}, never, ""},
	} {
		got := ""
		if err := tc.opts.CheckOptions(tc.pending); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckOptions(%+v) = %q, want %q", tc.opts, got, tc.want)
		}
	}
}
