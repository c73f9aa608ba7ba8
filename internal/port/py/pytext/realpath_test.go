package pytext

import (
	"path/filepath"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
)

// TestRealpath: os.path.realpath as CPython 3.11 printed it in a tree
// with a link, a relative link, a loop and a broken link (the expected
// values were recorded with python3 in the same layout).
func TestRealpath(t *testing.T) {
	root := oracletest.TempRoot(t)
	base := filepath.Base(root)
	oracletest.WriteTree(t, root, map[string]string{
		"real/sub/": "", "link": "-> real/sub", "loop1": "-> loop2", "loop2": "-> loop1",
		"broken": "-> /nonexistent/x", "rel": "-> ../" + base + "/real",
	})
	fsys := oracletest.DirFS()
	for _, c := range []struct{ name, want string }{
		{"real/sub", root + "/real/sub"},
		{"link", root + "/real/sub"},
		{"link/..", root + "/real"},
		{"link/../..", root},
		{"missing/../x", root + "/x"},
		{"loop1/a", root + "/loop1/a"},
		{"broken/y", "/nonexistent/x/y"},
		{"rel/sub/../sub", root + "/real/sub"},
		{"", root},
		{".", root},
		{"..", filepath.Dir(root)},
		{"//x", "/x"},
		{"///x", "/x"},
		{"link/missing/..", root + "/real/sub"},
		{root + "/./link//", root + "/real/sub"},
		{"~", root + "/~"},
	} {
		if got := Realpath(fsys, root, c.name); got != c.want {
			t.Errorf("Realpath(%q) = %q; want %q", c.name, got, c.want)
		}
	}
}

// TestExpandUser: os.path.expanduser with HOME set (and, departing from
// Python, "~user" and an unset HOME left alone).
func TestExpandUser(t *testing.T) {
	byHome := map[string][][2]string{ // home: {path, want}...
		"/root": {{"~", "/root"}, {"~/a", "/root/a"}, {"~x/a", "~x/a"}, {"a/~", "a/~"}},
		"/":     {{"~", "/"}, {"~/a", "/a"}},
		"/h//":  {{"~", "/h"}, {"~//a", "/h//a"}},
		"":      {{"~/a", "~/a"}},
	}
	for home, cases := range byHome {
		for _, c := range cases {
			if got := ExpandUser(c[0], home); got != c[1] {
				t.Errorf("ExpandUser(%q, %q) = %q; want %q", c[0], home, got, c[1])
			}
		}
	}
}
