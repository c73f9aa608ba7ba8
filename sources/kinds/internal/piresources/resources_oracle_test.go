package piresources_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/promptc/promptc/internal/testkit/oracletest"
	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/kinds/internal/piresources"
)

// oracleCases are the recorded pi cases whose skills, templates and
// skill/prompt diagnostics this package must reproduce.
var oracleCases = []string{"skills-", "tpl-discovery", "frontmatter-edges", "unreadable-files", "sys-project-trusted", "sys-project-untrusted", "trust-"}

// caseInputs are the case.json fields oracletest.Spec does not carry.
type caseInputs struct {
	Skills            []string `json:"skills"`
	PromptTemplates   []string `json:"promptTemplates"`
	Extensions        []string `json:"extensions"`
	NoSkills          bool     `json:"noSkills"`
	NoPromptTemplates bool     `json:"noPromptTemplates"`
}

type expectedResources struct {
	Skills []struct {
		Name                   string `json:"name"`
		Description            string `json:"description"`
		FilePath               string `json:"filePath"`
		BaseDir                string `json:"baseDir"`
		DisableModelInvocation bool   `json:"disableModelInvocation"`
	} `json:"skills"`
	PromptTemplates []struct {
		Name         string `json:"name"`
		Description  string `json:"description"`
		ArgumentHint string `json:"argumentHint"`
		FilePath     string `json:"filePath"`
	} `json:"promptTemplates"`
	Diagnostics []struct {
		Source  string `json:"source"`
		Message string `json:"message"`
		Path    string `json:"path"`
	} `json:"diagnostics"`
	ProjectTrusted bool `json:"projectTrusted"`
}

// TestOracle materializes each case (tree/ plus setup ops) under a
// temporary root and compares LoadSkills and LoadTemplates with what pi
// recorded, paths mapped from pi's sandbox root to ours. Run as root, the
// file system is wrapped so that chmod-000 fixtures deny access as they did
// for the unprivileged pi.
func TestOracle(t *testing.T) {
	var cases []oracletest.Case
	for _, prefix := range oracleCases {
		cases = append(cases, oracletest.Cases(t, prefix)...)
	}
	if len(cases) == 0 {
		t.Skip("no oracle cases")
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			var in caseInputs
			var want expectedResources
			oracletest.MustReadJSON(t, filepath.Join(c.Dir, "case.json"), &in)
			oracletest.MustReadJSON(t, filepath.Join(c.Dir, "expected.json"), &want)
			sb := c.Setup(t)
			var fsys sources.FS = os.DirFS("/").(sources.FS)
			if os.Geteuid() == 0 {
				fsys = permFS{fsys}
			}
			sub := func(vs []string) []string {
				var out []string
				for _, v := range vs {
					out = append(out, strings.ReplaceAll(v, "${ROOT}", sb.Root))
				}
				return out
			}
			ctx := context.Background()
			skills, err := piresources.LoadSkills(ctx, fsys, piresources.SkillOptions{
				Cwd: sb.Cwd, Home: sb.Home, AgentDir: sb.AgentDir,
				Trusted: want.ProjectTrusted, Discover: !in.NoSkills,
				Paths: sub(in.Skills), Packages: sub(in.Extensions),
			})
			if err != nil {
				t.Fatal(err)
			}
			var gotSkills, wantSkills []string
			for _, s := range skills.Skills {
				gotSkills = append(gotSkills, line(s.Name, s.Description, s.FilePath, s.BaseDir, s.DisableModelInvocation))
			}
			for _, s := range want.Skills {
				wantSkills = append(wantSkills, line(s.Name, s.Description, sb.Map(s.FilePath), sb.Map(s.BaseDir), s.DisableModelInvocation))
			}
			compare(t, "skills", gotSkills, wantSkills)

			tpls, err := piresources.LoadTemplates(ctx, fsys, piresources.TemplateOptions{
				Cwd: sb.Cwd, Home: sb.Home, AgentDir: sb.AgentDir,
				Trusted: want.ProjectTrusted, Discover: !in.NoPromptTemplates,
				Paths: sub(in.PromptTemplates), Packages: sub(in.Extensions),
			})
			if err != nil {
				t.Fatal(err)
			}
			var gotTpls, wantTpls []string
			for _, p := range tpls.Templates {
				gotTpls = append(gotTpls, line(p.Name, p.Description, p.ArgumentHint, p.FilePath))
			}
			for _, p := range want.PromptTemplates {
				wantTpls = append(wantTpls, line(p.Name, p.Description, p.ArgumentHint, sb.Map(p.FilePath)))
			}
			compare(t, "templates", gotTpls, wantTpls)

			var gotDiags, wantDiags []string
			for _, d := range skills.Diags {
				gotDiags = append(gotDiags, line("skills", d.Message, d.Path))
			}
			for _, d := range tpls.Diags {
				gotDiags = append(gotDiags, line("prompts", d.Message, d.Path))
			}
			for _, d := range want.Diagnostics {
				if d.Source == "skills" || d.Source == "prompts" {
					wantDiags = append(wantDiags, line(d.Source, sb.MapText(d.Message), sb.Map(d.Path)))
				}
			}
			compare(t, "diagnostics", gotDiags, wantDiags)
		})
	}
}

func line(fields ...any) string {
	b, _ := json.Marshal(fields)
	return string(b)
}

func compare(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", what, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

// permFS makes a root process see owner permission bits the way the
// oracle's unprivileged pi (the owner of the sandbox) did: directories
// need r to be listed and x to be traversed, files need r to be read.
type permFS struct{ sources.FS }

func (p permFS) denied(op, name string, need fs.FileMode) error {
	abs := "/" + strings.TrimPrefix(name, ".")
	real, err := sources.Realpath(p.FS, abs)
	if err != nil {
		real, err = sources.Realpath(p.FS, path.Dir(abs))
		if err != nil {
			return nil
		}
		real = path.Join(real, path.Base(abs))
	}
	for d := path.Dir(real); ; d = path.Dir(d) {
		if fi, err := sources.Lstat(p.FS, d); err == nil && fi.Mode().Perm()&0o100 == 0 {
			return &fs.PathError{Op: op, Path: name, Err: syscall.EACCES}
		}
		if d == "/" {
			break
		}
	}
	if need != 0 {
		if fi, err := sources.Stat(p.FS, real); err == nil && fi.Mode().Perm()&need == 0 {
			return &fs.PathError{Op: op, Path: name, Err: syscall.EACCES}
		}
	}
	return nil
}

func (p permFS) Open(name string) (fs.File, error) {
	if err := p.denied("open", name, 0o400); err != nil {
		return nil, err
	}
	return p.FS.Open(name)
}

func (p permFS) ReadFile(name string) ([]byte, error) {
	if err := p.denied("open", name, 0o400); err != nil {
		return nil, err
	}
	return p.FS.ReadFile(name)
}

func (p permFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := p.denied("scandir", name, 0o400); err != nil {
		return nil, err
	}
	return p.FS.ReadDir(name)
}

func (p permFS) Stat(name string) (fs.FileInfo, error) {
	if err := p.denied("stat", name, 0); err != nil {
		return nil, err
	}
	return p.FS.Stat(name)
}
