package args

import (
	"fmt"
	"strings"

	"github.com/promptc/promptc/host"
)

// Kind says how a flag takes its value.
type Kind int

const (
	Bool   Kind = iota // no value
	String             // one value, last wins
	List               // repeatable, values kept in order
)

// Def is one flag a command accepts. Flags of promptc itself are declared
// in Go; flags that set pipeline params come from the params' bind:
// entries ([Bound]).
type Def struct {
	Name string
	Kind Kind
	Help string
	// Short is an alias given with one dash (pi's -t, -xt, -nbt).
	Short string
	// Metavar names the argument in --help.
	Metavar string
	// Bound marks a flag that sets pipeline params.
	Bound bool
}

// Occurrence is one flag as given, by its long name, with its value ("" for
// a flag without one).
type Occurrence struct{ Name, Value string }

// Parsed is a command line after [Parse].
type Parsed struct {
	given map[string]bool
	str   map[string]string
	lists map[string][]string
	// Args are the positional arguments, in order.
	Args []string
	// Raw is the command line as given.
	Raw []string
	// Occs are the flags in the order they appeared.
	Occs []Occurrence
	// Defs are the definitions the line was read with, by long name.
	Defs map[string]Def
}

// Has reports whether flag name was given.
func (p *Parsed) Has(name string) bool { return p.given[name] }

// Get is the last value of a string flag ("" when not given).
func (p *Parsed) Get(name string) string { return p.str[name] }

// List is every value of a list flag, in order.
func (p *Parsed) List(name string) []string { return p.lists[name] }

// Parse parses argv with defs. A flag that takes a value always takes the
// next argument, even when it is empty or starts with "-" (pi does the
// same). "--name=value" is accepted too. A long name may be given with one
// dash or two; a short alias only with one. "--" ends the flags; other
// arguments are positional.
//
// With lenient set, unknown flags are skipped the way pi skips them: the
// next argument is their value unless it starts with "-". [Read] parses
// leniently once to find which pipeline to load, then strictly with that
// pipeline's flags.
func Parse(argv []string, defs []Def, lenient bool) (*Parsed, error) {
	p := &Parsed{given: map[string]bool{}, str: map[string]string{}, lists: map[string][]string{}, Defs: map[string]Def{}, Raw: argv}
	shorts := map[string]string{}
	for _, d := range defs {
		p.Defs[d.Name] = d
		if d.Short != "" {
			shorts[d.Short] = d.Name
		}
	}
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		if a == "--" {
			p.Args = append(p.Args, argv[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			p.Args = append(p.Args, a)
			continue
		}
		dashes := a[:len(a)-len(strings.TrimLeft(a, "-"))]
		name := strings.TrimLeft(a, "-")
		value, hasValue := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, value, hasValue = name[:j], name[j+1:], true
		}
		d, ok := p.Defs[name]
		if long, isShort := shorts[name]; dashes == "-" && isShort && (!ok || d.Name != name) {
			d, ok = p.Defs[long], true
		}
		if !ok {
			if lenient {
				if !hasValue && i+1 < len(argv) && !strings.HasPrefix(argv[i+1], "-") {
					i++
				}
				continue
			}
			return nil, host.UsageError{Msg: fmt.Sprintf("unknown flag %s%s", dashes, name)}
		}
		if d.Kind == Bool {
			if hasValue {
				return nil, host.UsageError{Msg: fmt.Sprintf("flag --%s takes no value", d.Name)}
			}
		} else if !hasValue {
			if i+1 >= len(argv) {
				return nil, host.UsageError{Msg: fmt.Sprintf("flag --%s needs a value", d.Name)}
			}
			i++
			value = argv[i]
		}
		p.given[d.Name] = true
		p.Occs = append(p.Occs, Occurrence{d.Name, value})
		switch d.Kind {
		case String:
			p.str[d.Name] = value
		case List:
			p.lists[d.Name] = append(p.lists[d.Name], value)
		}
	}
	return p, nil
}
