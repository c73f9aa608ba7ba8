package host

import (
	"errors"
	"io"
	"strings"
	"time"

	"github.com/promptc/promptc/sources"
	"github.com/promptc/promptc/sources/osfs"
)

// Static is an Env of fixed values, for a host that runs requests on
// behalf of others (its variables are not the process's) and for tests.
// Its Getenv sees only Vars; files are read through Files (nil: the
// OS's), relative names against Dir.
type Static struct {
	Vars map[string]string
	// Dir is the working directory (absolute, symlinks resolved).
	Dir string
	// HomeDir is the home ("" falls back to Vars["HOME"]).
	HomeDir string
	// Date is today, YYYY-MM-DD ("" is the local date).
	Date  string
	Files sources.FS
}

var (
	_ Env        = Static{}
	_ FileSystem = Static{}
)

func (s Static) Getenv(k string) string { return s.Vars[k] }

// Getwd returns Dir, or an error when it is "".
func (s Static) Getwd() (string, error) {
	if s.Dir == "" {
		return "", errors.New("no working directory")
	}
	return s.Dir, nil
}

func (s Static) Home() string {
	if s.HomeDir != "" {
		return s.HomeDir
	}
	return s.Vars["HOME"]
}

func (s Static) Today() string {
	if s.Date != "" {
		return s.Date
	}
	return time.Now().Format(time.DateOnly)
}

// Stdin is empty: a Static env has no standard input.
func (Static) Stdin() io.Reader { return strings.NewReader("") }

func (s Static) FS() sources.FS {
	if s.Files != nil {
		return s.Files
	}
	return osfs.Root()
}
