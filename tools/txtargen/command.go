package txtargen

import (
	"flag"
	"fmt"
	"os"
)

// Flags are the flags every generator takes: where the oracle cases are,
// where the scripts go, and whether only to check them.
type Flags struct {
	Cases string
	Out   string
	Check bool
}

// Define registers -cases (defaulting to cases), -out and -check on fs.
func (f *Flags) Define(fs *flag.FlagSet, cases string) {
	fs.StringVar(&f.Cases, "cases", cases, "oracle cases folder")
	fs.StringVar(&f.Out, "out", "testdata/scripts", "folder of the testscript files")
	fs.BoolVar(&f.Check, "check", false, "write nothing; fail when a script is stale or missing")
}

// Sync is [Sync] of want into f.Out, reporting on stderr.
func (f *Flags) Sync(pattern string, want map[string][]byte) error {
	return Sync(f.Out, pattern, want, f.Check, os.Stderr)
}

// Main parses the command line with run's flags already defined on
// flag.CommandLine, refuses positional arguments and runs run; on an
// error it prints it after prog and exits with status 1.
func Main(prog string, run func() error) {
	flag.Parse()
	var err error
	if flag.NArg() > 0 {
		err = fmt.Errorf("unexpected arguments %q", flag.Args())
	} else {
		err = run()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, prog+":", err)
		os.Exit(1)
	}
}
