package casetest

import (
	"reflect"
	"testing"
)

// TestParseErrors: every problem of a bad case file, positioned.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, file, want string
	}{
		{"two args lines", "-- args --\n--tools read\n--no-skills\n-- want --\nx\n",
			"c.txtar:3: args: a second line; the arguments of promptc build are one line"},
		{"unterminated quote", "doc\n-- args --\n--append-system-prompt 'oops\n-- want --\nx\n",
			"c.txtar:3: args: column 24: unterminated ' quote"},
		{"unknown variable", "-- args --\n--cwd $HOME/p\n-- want --\nx\n",
			"c.txtar:2: args: column 7: $HOME: only $WORK is expanded (write '$' in single quotes for a literal $)"},
		{"env without =", "-- env --\n# a comment\n\nexport X\n-- want --\nx\n",
			`c.txtar:4: env: want KEY=VALUE, got "export X"`},
		{"env bad name", "-- env --\n1X=a\n-- want --\nx\n",
			`c.txtar:2: env: "1X" is not a variable name (letters, digits and _, not starting with a digit)`},
		{"env twice", "-- env --\nA=1\nA=2\n-- want --\nx\n",
			"c.txtar:3: env: A is already set at line 2"},
		{"duplicate file", "-- a --\n-- a --\n-- want --\nx\n",
			`c.txtar:2: a second file named "a" (the first is at line 1)`},
		{"absolute file", "-- /etc/x --\n-- want --\nx\n",
			`c.txtar:1: file name "/etc/x": an absolute path; write paths relative to $WORK, or starting with $WORK`},
		{"escaping file", "-- ../x --\n-- want --\nx\n",
			`c.txtar:1: file name "../x": leaves $WORK`},
		{"file below a file", "-- a --\nA\n-- a/b --\n-- want --\nx\n",
			`c.txtar:3: file "a/b" is below file "a" (line 1)`},
		{"unknown fs command", "-- fs --\nrm x\n-- want --\nx\n",
			`c.txtar:2: fs: unknown command "rm" (known: mkdir, symlink, chmod, unquote, trim-newline, unix2dos, subst-work)`},
		{"bad symlink", "-- fs --\nsymlink a b\n-- want --\nx\n",
			"c.txtar:2: fs: want LINK -> TARGET (usage: symlink LINK -> TARGET)"},
		{"bad mode", "-- fs --\nchmod 999 a\n-- want --\nx\n",
			`c.txtar:2: fs: mode "999" is not an octal permission 0000-0777 (usage: chmod MODE PATH...)`},
		{"fix of no file", "-- fs --\n\ntrim-newline nope\n-- want --\nx\n",
			"c.txtar:3: fs: nope is not a file of the archive (usage: trim-newline FILE...)"},
		{"fix of want", "-- fs --\ntrim-newline want\n-- want --\nx\n",
			"c.txtar:2: fs: want is always the prompt plus one newline; only unquote applies to it (usage: trim-newline FILE...)"},
		{"several problems, in line order", "-- env --\nnope\n-- args --\n'\n-- args --\n",
			"c.txtar:2: env: want KEY=VALUE, got \"nope\"\nc.txtar:4: args: column 1: unterminated ' quote\nc.txtar:5: a second file named \"args\" (the first is at line 3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("c.txtar", "c", []byte(tc.file))
			if err == nil || err.Error() != tc.want {
				t.Errorf("Parse error:\n%v\nwant:\n%s", err, tc.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	file := "What it shows.\n-- args --\n--cwd \"$WORK/p\" -t read\n-- env --\nHOME=$WORK/h\nX=${WORK}y $WORKER\n" +
		"-- fs --\nmkdir empty\nsymlink p/l -> $WORK/p/a.md\nchmod 0600 p/a.md\ntrim-newline p/a.md\nunquote want\n" +
		"-- p/a.md --\nA\n-- want --\n>-- x --\n"
	c, err := Parse("c.txtar", "c", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if c.Doc != "What it shows.\n" {
		t.Errorf("Doc = %q", c.Doc)
	}
	if got := c.Args("/R"); !reflect.DeepEqual(got, []string{"--cwd", "/R/p", "-t", "read"}) {
		t.Errorf("Args = %q", got)
	}
	env := newEnv(c, "/R", nil, nil)
	for k, v := range map[string]string{"HOME": "/R/h", "X": "/Ry $WORKER", "PWD": "/R", "PROMPTC_SYSTEM_CONFIG": "/R/etc/promptc/config.yaml", "SOURCE_DATE_EPOCH": DefaultEpoch} {
		if got := env.Getenv(k); got != v {
			t.Errorf("Getenv(%s) = %q; want %q", k, got, v)
		}
	}
	if env.Today() != "2026-01-01" || env.Home() != "/R/h" {
		t.Errorf("Today, Home = %q, %q", env.Today(), env.Home())
	}
	if want, ok := c.Want(); !ok || string(want) != "-- x --\n" {
		t.Errorf("Want = %q, %v", want, ok)
	}
	if f := c.file("p/a.md"); f == nil || string(f.data) != "A" {
		t.Errorf("p/a.md = %+v", f)
	}
	wantOps := []fsOp{
		{op: "mkdir", args: []string{"empty"}, line: 8},
		{op: "symlink", args: []string{"p/l", workMark + "/p/a.md"}, line: 9},
		{op: "chmod", args: []string{"p/a.md"}, mode: 0o600, line: 10},
	}
	if !reflect.DeepEqual(c.ops, wantOps) {
		t.Errorf("ops = %+v\nwant %+v", c.ops, wantOps)
	}
}

func TestEnvPWD(t *testing.T) {
	c, err := Parse("c.txtar", "c", []byte("-- env --\nPWD=sub/dir\nSOURCE_DATE_EPOCH=\n-- want --\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(c, "/R", nil, nil)
	if wd, _ := e.Getwd(); wd != "/R/sub/dir" {
		t.Errorf("Getwd = %q", wd)
	}
	if e.Today() != "2026-01-01" {
		t.Errorf("an empty SOURCE_DATE_EPOCH must still pin the date: %q", e.Today())
	}
}
