package main

import (
	"fmt"
	"io"
	"strings"
)

// flagKind says how a flag takes its value.
type flagKind int

const (
	boolFlag   flagKind = iota // no value
	stringFlag                 // one value, last wins
	listFlag                   // repeatable, values kept in order
)

// flagDef is one flag a command accepts. Flags of promptc itself are
// declared in Go; flags that set pipeline params come from the params'
// bind: entries (see pipelineFlags).
type flagDef struct {
	name string
	kind flagKind
	help string
	// short is an alias given with one dash (pi's -t, -xt, -nbt).
	short string
	// metavar names the argument in --help.
	metavar string
	// bound marks a flag that sets pipeline params.
	bound bool
}

// parsed holds a command line after parsing.
type parsed struct {
	given map[string]bool
	str   map[string]string
	lists map[string][]string
	args  []string
	// raw is the command line as given.
	raw []string
	// occs are the flags in the order they appeared, by long name, with
	// their values.
	occs []occurrence
	defs map[string]flagDef
}

type occurrence struct{ name, value string }

func (p *parsed) has(name string) bool      { return p.given[name] }
func (p *parsed) get(name string) string    { return p.str[name] }
func (p *parsed) list(name string) []string { return p.lists[name] }

// usageError is a command-line mistake (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// parseFlags parses args with defs. A flag that takes a value always takes
// the next argument, even when it is empty or starts with "-" (pi does the
// same). "--name=value" is accepted too. A long name may be given with one
// dash or two; a short alias only with one. "--" ends the flags; other
// arguments are positional.
//
// With lenient set, unknown flags are skipped the way pi skips them: the
// next argument is their value unless it starts with "-". promptc parses
// leniently once to find which pipeline to load, then strictly with that
// pipeline's flags.
func parseFlags(args []string, defs []flagDef, lenient bool) (*parsed, error) {
	p := &parsed{given: map[string]bool{}, str: map[string]string{}, lists: map[string][]string{}, defs: map[string]flagDef{}, raw: args}
	shorts := map[string]string{}
	for _, d := range defs {
		p.defs[d.name] = d
		if d.short != "" {
			shorts[d.short] = d.name
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			p.args = append(p.args, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			p.args = append(p.args, a)
			continue
		}
		dashes := a[:len(a)-len(strings.TrimLeft(a, "-"))]
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, value, hasValue = name[:j], name[j+1:], true
		}
		d, ok := p.defs[name]
		if long, isShort := shorts[name]; dashes == "-" && isShort && (!ok || d.name != name) {
			d, ok = p.defs[long], true
		}
		if !ok {
			if lenient {
				if !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
					i++
				}
				continue
			}
			return nil, usageError{fmt.Sprintf("unknown flag %s%s", dashes, name)}
		}
		if d.kind == boolFlag {
			if hasValue {
				return nil, usageError{fmt.Sprintf("flag --%s takes no value", d.name)}
			}
		} else if !hasValue {
			if i+1 >= len(args) {
				return nil, usageError{fmt.Sprintf("flag --%s needs a value", d.name)}
			}
			i++
			value = args[i]
		}
		p.given[d.name] = true
		p.occs = append(p.occs, occurrence{d.name, value})
		switch d.kind {
		case stringFlag:
			p.str[d.name] = value
		case listFlag:
			p.lists[d.name] = append(p.lists[d.name], value)
		}
	}
	return p, nil
}

// parseCommand parses the flags of a command that runs no pipeline. It
// handles --help (the usage on stdout; done is true) and, when maxArgs >=
// 0, rejects more positional arguments than that.
func parseCommand(name string, args []string, defs []flagDef, maxArgs int, stdout io.Writer) (p *parsed, done bool, err error) {
	p, err = parseFlags(args, defs, false)
	if err != nil {
		return nil, false, err
	}
	if p.has("help") {
		_, err := io.WriteString(stdout, usage)
		return nil, true, err
	}
	if err := checkArgs(name, p, maxArgs); err != nil {
		return nil, false, err
	}
	return p, false, nil
}

func checkArgs(name string, p *parsed, maxArgs int) error {
	if maxArgs >= 0 && len(p.args) > maxArgs {
		return usageError{fmt.Sprintf("%s takes no arguments, got %q", name, p.args[maxArgs])}
	}
	return nil
}
