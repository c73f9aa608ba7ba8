package promptfile_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/prov"
	"github.com/promptc/promptc/sources/kinds/promptfile"
)

func TestLoad(t *testing.T) {
	tree := map[string]string{
		"proj/.pi/SYSTEM.md":    "project system",
		"agent/SYSTEM.md":       "global system",
		"agent/EMPTY.md":        "",
		"agent/NL.md":           "\n",
		"agent/SPACES.md":       "  ",
		"agent/DIR.md/":         "",
		"agent/BROKEN.md":       "-> nowhere",
		"agent/BAD.md":          "a\xf0\x9f\x98b",
		"agent/LOCKED.md":       "secret",
		"proj/extra/append.md":  "from file",
		"proj/extra/empty.md":   "",
		"proj/extra/sub/":       "",
		"proj/extra/link.md":    "-> append.md",
		"proj/You are helpful.": "a file named like the text",
	}
	type want struct {
		text     string
		sources  []string
		warnings []string
		origins  []prov.Origin
		excluded []prov.Exclusion
	}
	for _, tc := range []struct {
		name string
		opts promptfile.Options // paths with ${ROOT}
		want want
	}{
		{
			name: "SYS-1 SYS-2 first existing candidate wins",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/proj/.pi/SYSTEM.md", "${ROOT}/agent/SYSTEM.md"}},
			want: want{
				text: "project system", sources: []string{"${ROOT}/proj/.pi/SYSTEM.md"},
				origins:  []prov.Origin{{Path: "${ROOT}/proj/.pi/SYSTEM.md", Role: "system prompt", Bytes: 14}},
				excluded: []prov.Exclusion{{Path: "${ROOT}/agent/SYSTEM.md", Reason: promptfile.ReasonShadowed, Detail: "${ROOT}/proj/.pi/SYSTEM.md"}},
			},
		},
		{
			name: "missing candidates are skipped, a broken symlink does not exist",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/proj/.pi/APPEND_SYSTEM.md", "${ROOT}/agent/BROKEN.md", "${ROOT}/agent/SYSTEM.md"}},
			want: want{
				text: "global system", sources: []string{"${ROOT}/agent/SYSTEM.md"},
				origins: []prov.Origin{{Path: "${ROOT}/agent/SYSTEM.md", Role: "system prompt", Bytes: 13}},
			},
		},
		{
			name: "no candidate exists",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/proj/.pi/APPEND_SYSTEM.md"}},
			want: want{},
		},
		{
			name: "SYS-9 an empty file gives no text but is a source",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/agent/EMPTY.md"}},
			want: want{sources: []string{"${ROOT}/agent/EMPTY.md"}, origins: []prov.Origin{{Path: "${ROOT}/agent/EMPTY.md", Role: "system prompt"}}},
		},
		{
			name: "SYS-10 a newline is kept",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/agent/NL.md"}},
			want: want{text: "\n", sources: []string{"${ROOT}/agent/NL.md"}, origins: []prov.Origin{{Path: "${ROOT}/agent/NL.md", Role: "system prompt", Bytes: 1}}},
		},
		{
			name: "X-15 invalid UTF-8 is WHATWG-decoded",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/agent/BAD.md"}},
			want: want{text: "a\ufffdb", sources: []string{"${ROOT}/agent/BAD.md"}, origins: []prov.Origin{{Path: "${ROOT}/agent/BAD.md", Role: "system prompt", Bytes: 5}}},
		},
		{
			name: "SYS-11 a directory exists, cannot be read, and its path is the text",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/agent/DIR.md", "${ROOT}/agent/SYSTEM.md"}},
			want: want{
				text: "${ROOT}/agent/DIR.md", sources: []string{"${ROOT}/agent/DIR.md"},
				warnings: []string{"Warning: Could not read system prompt file ${ROOT}/agent/DIR.md: Error: EISDIR: illegal operation on a directory, read"},
				excluded: []prov.Exclusion{
					{Path: "${ROOT}/agent/DIR.md", Reason: promptfile.ReasonUnreadable, Detail: "Error: EISDIR: illegal operation on a directory, read"},
					{Path: "${ROOT}/agent/SYSTEM.md", Reason: promptfile.ReasonShadowed, Detail: "${ROOT}/agent/DIR.md"},
				},
			},
		},
		{
			name: "SYS-11 an unreadable file",
			opts: promptfile.Options{Candidates: []string{"${ROOT}/agent/LOCKED.md"}, Label: "append system prompt"},
			want: want{
				text: "${ROOT}/agent/LOCKED.md", sources: []string{"${ROOT}/agent/LOCKED.md"},
				warnings: []string{"Warning: Could not read append system prompt file ${ROOT}/agent/LOCKED.md: Error: EACCES: permission denied, open '${ROOT}/agent/LOCKED.md'"},
				excluded: []prov.Exclusion{{Path: "${ROOT}/agent/LOCKED.md", Reason: promptfile.ReasonUnreadable, Detail: "Error: EACCES: permission denied, open '${ROOT}/agent/LOCKED.md'"}},
			},
		},
		{
			name: "SYS-4 literal flag text disables discovery",
			opts: promptfile.Options{Given: true, Cwd: "${ROOT}/proj", Values: []string{"Be brief."}, Candidates: []string{"${ROOT}/agent/SYSTEM.md"}},
			want: want{
				text: "Be brief.", sources: []string{promptfile.FlagText},
				origins:  []prov.Origin{{Path: promptfile.FlagText, Role: "system prompt", Bytes: 9}},
				excluded: []prov.Exclusion{{Path: "${ROOT}/agent/SYSTEM.md", Reason: promptfile.ReasonOverridden}},
			},
		},
		{
			name: "SYS-4 an empty value still disables discovery",
			opts: promptfile.Options{Given: true, Values: []string{""}, Candidates: []string{"${ROOT}/agent/SYSTEM.md"}},
			want: want{excluded: []prov.Exclusion{
				{Path: promptfile.FlagText, Reason: promptfile.ReasonEmptyValue},
				{Path: "${ROOT}/agent/SYSTEM.md", Reason: promptfile.ReasonOverridden},
			}},
		},
		{
			name: "SYS-4 a value naming an existing path is read, relative to cwd",
			opts: promptfile.Options{Given: true, Cwd: "${ROOT}/proj", Values: []string{"You are helpful."}},
			want: want{
				text: "a file named like the text", sources: []string{"${ROOT}/proj/You are helpful."},
				origins: []prov.Origin{{Path: "${ROOT}/proj/You are helpful.", Role: "system prompt", Bytes: 26}},
			},
		},
		{
			name: "SYS-7 X-8 append values in order, empty values dropped, empty files kept",
			opts: promptfile.Options{
				Given: true, Cwd: "${ROOT}/proj", Join: "\n\n", Label: "append system prompt",
				Values: []string{"literal", "", "extra/append.md", "extra/empty.md", "${ROOT}/proj/extra/link.md"},
			},
			want: want{
				text:    "literal\n\nfrom file\n\n\n\nfrom file",
				sources: []string{promptfile.FlagText, "${ROOT}/proj/extra/append.md", "${ROOT}/proj/extra/empty.md", "${ROOT}/proj/extra/link.md"},
				origins: []prov.Origin{
					{Path: promptfile.FlagText, Role: "append system prompt", Bytes: 7},
					{Path: "${ROOT}/proj/extra/append.md", Role: "append system prompt", Bytes: 9},
					{Path: "${ROOT}/proj/extra/empty.md", Role: "append system prompt"},
					{Path: "${ROOT}/proj/extra/link.md", Role: "append system prompt", Bytes: 9},
				},
				excluded: []prov.Exclusion{{Path: promptfile.FlagText, Reason: promptfile.ReasonEmptyValue}},
			},
		},
		{
			// pi names the file by the value as given (checked against the
			// real pi 0.83.0 with --system-prompt sub, sub a directory).
			name: "SYS-11 a flag value naming a directory",
			opts: promptfile.Options{Given: true, Cwd: "${ROOT}/proj", Values: []string{"extra/sub"}, Label: "system prompt"},
			want: want{
				text: "extra/sub", sources: []string{"${ROOT}/proj/extra/sub"},
				warnings: []string{"Warning: Could not read system prompt file extra/sub: Error: EISDIR: illegal operation on a directory, read"},
				excluded: []prov.Exclusion{{Path: "${ROOT}/proj/extra/sub", Reason: promptfile.ReasonUnreadable, Detail: "Error: EISDIR: illegal operation on a directory, read"}},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := oracletest.TempRoot(t)
			oracletest.WriteTree(t, root, tree)
			abs := func(s string) string { return strings.ReplaceAll(s, "${ROOT}", root) }
			opts := tc.opts
			opts.Cwd = abs(opts.Cwd)
			if opts.Label == "" {
				opts.Label = "system prompt"
			}
			opts.Candidates = nil
			for _, c := range tc.opts.Candidates {
				opts.Candidates = append(opts.Candidates, abs(c))
			}
			opts.Values = nil
			for _, v := range tc.opts.Values {
				opts.Values = append(opts.Values, abs(v))
			}
			fsys := oracletest.DenyFS{FS: oracletest.DirFS(), Deny: []string{root + "/agent/LOCKED.md"}}
			res, err := promptfile.Load(context.Background(), fsys, opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.FromFlag != opts.Given {
				t.Errorf("FromFlag = %v, want %v", res.FromFlag, opts.Given)
			}
			if want := abs(tc.want.text); res.Text != want {
				t.Errorf("text = %q, want %q", res.Text, want)
			}
			check := func(what string, got, want any) {
				t.Helper()
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
				}
			}
			wantSources := []string{}
			for _, s := range tc.want.sources {
				wantSources = append(wantSources, abs(s))
			}
			check("sources", append([]string{}, res.Sources...), wantSources)
			gotWarnings, wantWarnings := []string{}, []string{}
			for _, d := range res.Diags {
				gotWarnings = append(gotWarnings, d.Message)
			}
			for _, w := range tc.want.warnings {
				wantWarnings = append(wantWarnings, abs(w))
			}
			check("warnings", gotWarnings, wantWarnings)
			wantOrigins := []prov.Origin{}
			for _, o := range tc.want.origins {
				o.Path = abs(o.Path)
				wantOrigins = append(wantOrigins, o)
			}
			check("origins", append([]prov.Origin{}, res.Origins...), wantOrigins)
			wantExcl := []prov.Exclusion{}
			for _, e := range tc.want.excluded {
				wantExcl = append(wantExcl, prov.Exclusion{Path: abs(e.Path), Reason: e.Reason, Detail: abs(e.Detail)})
			}
			check("excluded", append([]prov.Exclusion{}, res.Excluded...), wantExcl)
		})
	}
}

func TestLoadErrors(t *testing.T) {
	fsys := oracletest.DirFS()
	for _, tc := range []struct {
		name string
		opts promptfile.Options
		want string
	}{
		{"relative cwd with values", promptfile.Options{Given: true, Values: []string{"x"}, Cwd: "rel"}, `promptfile: cwd "rel" is not an absolute path`},
		{"relative candidate", promptfile.Options{Candidates: []string{"SYSTEM.md"}}, `promptfile: candidate "SYSTEM.md" is not an absolute path`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := promptfile.Load(context.Background(), fsys, tc.opts)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("err = %v, want %s", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := promptfile.Load(ctx, fsys, promptfile.Options{}); err != context.Canceled {
		t.Fatalf("cancelled: err = %v", err)
	}
}
