package agentrun

import (
	"io"
)

// Child is one run of a CLI.
type Child struct {
	Path string   // the executable
	Args []string // arguments after the program name
	Env  []string // the whole environment
	Dir  string   // working directory ("" = promptc's)
	// Stdin, Stdout and Stderr are handed to the CLI as they are: when
	// they are *os.File (a terminal), the CLI gets the same descriptor.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Exit is how a child ended: its exit code, or the signal that killed it
// (Signal != 0; Code is then 128+Signal, the shell's convention).
type Exit struct {
	Code   int
	Signal int
}
