package main

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/tools/txtargen"
)

// invocation is one promptc run and the golden its stdout must equal.
type invocation struct {
	words  []string // quoted words after "exec promptc"
	golden string   // archive name of the golden
}

// run emits the goldens, the environment, and the promptc runs: build,
// then expand for every input, in the case cwd; with cwdFlag the same
// again from / with --cwd.
func (s *script) run(cwdFlag bool) {
	c := s.c
	flags, err := c.flags()
	if err != nil {
		s.fail("%v", err)
		return
	}
	var flagWords []string
	if c.rec.pipeline != "" {
		flagWords = append(flagWords, "--pipeline", c.rec.pipeline)
	}
	for _, f := range flags {
		w, err := workArg(f)
		if err != nil {
			s.fail("%v", err)
			return
		}
		flagWords = append(flagWords, w)
	}

	if c.tr != nil {
		tw, err := s.translationArgs()
		if err != nil {
			s.fail("%v", err)
			return
		}
		flagWords = append(flagWords, tw...)
	}

	s.phase("goldens (the oracle root is written $WORK) and inputs, restored to their exact bytes")
	base := *c.exp.Prompt
	if c.tr != nil && c.exp.basePrompt() != nil {
		base = *c.exp.basePrompt()
	}
	runs := []invocation{{golden: "want/prompt", words: append([]string{"build"}, flagWords...)}}
	s.golden("want/prompt", base)
	var turnRuns []invocation
	for i, t := range c.exp.Turns {
		n := i + 1
		if t.Expanded == nil {
			s.fail("not expressible in the CLI contract: input %d (%q) expands to null", n, *t.Input)
			return
		}
		golden := fmt.Sprintf("want/expanded%d", n)
		s.golden(golden, *t.Expanded)
		in := s.input(n, *t.Input)
		words := append(append([]string{"expand"}, flagWords...), "--", in)
		runs = append(runs, invocation{golden: golden, words: words})
		if c.tr == nil {
			continue
		}
		// The run's prompt, after the transforms that stand in for
		// before_agent_start handlers.
		runGolden := "want/prompt"
		if t.PromptIsBase != nil && !*t.PromptIsBase {
			if t.Prompt == nil {
				s.fail("turn %d: promptIsBase is false but the turn has no prompt", n)
				return
			}
			runGolden = fmt.Sprintf("want/run%d", n)
			s.golden(runGolden, *t.Prompt)
		}
		turnRuns = append(turnRuns, invocation{golden: runGolden, words: append(append([]string{"build"}, flagWords...), "--input", in)})
	}
	runs = append(runs[:1], append(turnRuns, runs[1:]...)...)

	cwd, err := c.rel(c.cwd())
	if err != nil {
		s.fail("cwd: %v", err)
		return
	}
	s.phase("in the case cwd " + cwdTitle(cwd))
	s.env()
	if cwd != "" {
		s.line("cd " + pathWord(cwd))
	}
	for _, r := range runs {
		s.exec(r, r.words)
	}
	if !cwdFlag {
		return
	}
	cwdWord, err := relArg(cwd)
	if err != nil {
		s.fail("%v", err)
		return
	}
	s.phase("the same from / with --cwd " + cwdTitle(cwd))
	s.line("cd /")
	for _, r := range runs {
		words := append([]string{r.words[0], "--cwd", cwdWord}, r.words[1:]...)
		s.exec(r, words)
	}
}

func cwdTitle(cwd string) string {
	if cwd == "" {
		return "$WORK"
	}
	return "$WORK/" + cwd
}

// exec emits one promptc run and its checks. Silence on stderr is checked
// only when pi printed nothing and reported no diagnostic; promptc's own
// notes on links that leave the project are allowed (quiet-stderr).
func (s *script) exec(r invocation, words []string) {
	s.line("exec promptc " + strings.Join(words, " "))
	s.line("cmpwork stdout $WORK/" + r.golden)
	if s.c.quiet() {
		s.line("quiet-stderr")
	}
}

// golden stores an expected output with the oracle root written $WORK, as
// cmpwork writes promptc's physical work directory.
func (s *script) golden(name, text string) {
	if strings.Contains(text, "$WORK") {
		s.fail("%s: expected output holds a literal $WORK", name)
		return
	}
	text = strings.ReplaceAll(text, s.c.exp.Root, "$WORK")
	s.fix(name, s.addFile(name, []byte(text)))
}

// input returns the word that passes input n to promptc. A script word
// cannot hold a newline, so such an input is stored as in/<n> and read
// into $INPUT<n> with env-read.
func (s *script) input(n int, input string) string {
	if !strings.Contains(input, "\n") {
		w, err := txtargen.Arg(input)
		if err != nil {
			s.fail("%v", err)
		}
		return w
	}
	name := fmt.Sprintf("in/%d", n)
	s.fix(name, s.addFile(name, []byte(input)))
	v := fmt.Sprintf("INPUT%d", n)
	s.line(fmt.Sprintf("env-read %s %s", v, name))
	return "$" + v
}

// env sets what the harness's Setup does not: HOME when the case's home is
// not "home", PI_CODING_AGENT_DIR when the case sets agentDir, and
// PI_PACKAGE_DIR when pi used another one.
func (s *script) env() {
	c := s.c
	var vars []string
	if h := c.home(); h != "home" {
		rel, _ := c.rel(h)
		vars = append(vars, "HOME="+rootVar+"/"+rel)
	}
	if c.spec.AgentDir != nil && *c.spec.AgentDir != "" {
		rel, _ := c.rel(*c.spec.AgentDir)
		vars = append(vars, "PI_CODING_AGENT_DIR="+rootVar+"/"+rel)
	}
	if p := c.exp.PiPaths.PackageDir; p != defaultPackageDir {
		vars = append(vars, "PI_PACKAGE_DIR="+p)
	}
	for _, v := range vars {
		w, err := workArg(strings.TrimSuffix(v, "/"))
		if err != nil {
			s.fail("%v", err)
			return
		}
		s.line("env " + w)
	}
}

// format renders the archive.
func (s *script) format() ([]byte, error) {
	if s.err != nil {
		return nil, s.err
	}
	return s.a.Format()
}
