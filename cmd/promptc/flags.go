package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/promptc/promptc/host"
	"github.com/promptc/promptc/host/args"
)

// flagKind says how a flag takes its value (package host/args).
type flagKind = args.Kind

const (
	boolFlag   = args.Bool   // no value
	stringFlag = args.String // one value, last wins
	listFlag   = args.List   // repeatable, values kept in order
)

// flagDef is one flag a command accepts, as the commands declare theirs;
// def gives it to package host/args, which reads command lines.
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

func (d flagDef) def() args.Def {
	return args.Def{Name: d.name, Kind: d.kind, Help: d.help, Short: d.short, Metavar: d.metavar, Bound: d.bound}
}

func flagDefOf(d args.Def) flagDef {
	return flagDef{name: d.Name, kind: d.Kind, help: d.Help, short: d.Short, metavar: d.Metavar, bound: d.Bound}
}

func argDefs(defs []flagDef) []args.Def {
	out := make([]args.Def, len(defs))
	for i, d := range defs {
		out[i] = d.def()
	}
	return out
}

func flagDefsOf(defs []args.Def) []flagDef {
	out := make([]flagDef, len(defs))
	for i, d := range defs {
		out[i] = flagDefOf(d)
	}
	return out
}

// parsed is a command line as package host/args read it, with the
// commands' own names for what they read: the flags (has, get, list are
// args.Parsed's), the positional arguments, the raw line, the flags in
// the order given and the definitions they were read with.
type parsed struct {
	args []string
	raw  []string
	occs []occurrence
	defs map[string]flagDef
	// from is the reading this one was made of.
	from *args.Parsed
}

type occurrence struct{ name, value string }

func (p *parsed) has(name string) bool      { return p.from.Has(name) }
func (p *parsed) get(name string) string    { return p.from.Get(name) }
func (p *parsed) list(name string) []string { return p.from.List(name) }

func parsedOf(ap *args.Parsed) *parsed {
	p := &parsed{args: ap.Args, raw: ap.Raw, defs: make(map[string]flagDef, len(ap.Defs)), from: ap}
	for name, d := range ap.Defs {
		p.defs[name] = flagDefOf(d)
	}
	for _, o := range ap.Occs {
		p.occs = append(p.occs, occurrence{o.Name, o.Value})
	}
	return p
}

// usageError is a command-line mistake (exit status 2); package host's
// host.UsageError is one too.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// parseFlags parses args with defs (see args.Parse): leniently, unknown
// flags are skipped the way pi skips them.
func parseFlags(argv []string, defs []flagDef, lenient bool) (*parsed, error) {
	ap, err := args.Parse(argv, argDefs(defs), lenient)
	if err != nil {
		return nil, err
	}
	return parsedOf(ap), nil
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
		return nil, true, writeNamedHelp(stdout, name)
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

// asUsage is err as a usageError when package host says it is one.
func asUsage(err error) (usageError, bool) {
	var ue usageError
	if errors.As(err, &ue) {
		return ue, true
	}
	var hu host.UsageError
	if errors.As(err, &hu) {
		return usageError{hu.Msg}, true
	}
	return ue, false
}
