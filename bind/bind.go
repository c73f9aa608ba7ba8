// Package bind sets a pipeline's params from a command line, the
// environment and what the host knows, as the params' `bind:` entries
// declare (spec.BindSpec). The CLI builds its flag set and --help from
// [Flags] and its params from [Params]; any host that takes pi-style
// flags (a server request's args, an agent extension) can do the same.
//
// The package does no I/O of its own: the [Host] supplies the
// environment, the working directory and file access.
package bind

import (
	"sort"

	"github.com/promptc/promptc/engine"
)

// Flag is one command-line flag that sets params.
type Flag struct {
	// Name is the long name (given as --Name), Short an alias (given as
	// -Short) or "".
	Name, Short string
	// Arg reports that the flag takes an argument.
	Arg bool
	// Repeat reports that every occurrence counts (a list param appends).
	Repeat bool
	// Help is one line for --help; Metavar names the argument.
	Help, Metavar string
	// Params are the params the flag sets, sorted.
	Params []string
}

// Flags returns the flags that plan's params bind, sorted by name; a flag
// bound by several params is listed once, with the first binding's help.
func Flags(plan *engine.Plan) []Flag {
	byName := map[string]*Flag{}
	for _, p := range plan.Params() {
		for _, b := range p.Bind {
			if b.Flag == "" {
				continue
			}
			f, ok := byName[b.Flag]
			if !ok {
				f = &Flag{Name: b.Flag, Arg: b.Value == nil, Help: b.Help, Metavar: b.Metavar}
				if f.Help == "" {
					f.Help = p.Doc
				}
				byName[b.Flag] = f
			}
			if f.Short == "" {
				f.Short = b.Short
			}
			f.Repeat = f.Repeat || b.Repeat == "append"
			f.Params = append(f.Params, p.Name)
		}
	}
	out := make([]Flag, 0, len(byName))
	for _, f := range byName {
		sort.Strings(f.Params)
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
