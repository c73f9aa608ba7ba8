package host

import (
	"io"
	"os"
	"syscall"
	"time"

	"github.com/promptc/promptc/engine"
	"github.com/promptc/promptc/internal/sourcedate"
	"github.com/promptc/promptc/sources"
)

// Env is the process environment a host reads: variables, the physical
// working directory, the user's home, the date and standard input. An Env
// may also implement [FileSystem], [Memoizer] and [Executors].
type Env interface {
	Getenv(key string) string
	// Getwd is the physical working directory (symlinks resolved).
	Getwd() (string, error)
	// Home is $HOME, else the user's home directory as the OS knows it.
	Home() string
	// Today is the date, YYYY-MM-DD: the UTC date $SOURCE_DATE_EPOCH
	// pins, else the local date.
	Today() string
	// Stdin is read only for a params file named "-".
	Stdin() io.Reader
}

// FileSystem is an Env that supplies the file system builds and the host
// read (promptc test gives each case its sandbox, promptc record a
// wrapper that notes every path). The FS is rooted at "/" (names are
// absolute paths without the leading slash) and must be safe for
// concurrent use. An Env without it reads the OS's.
type FileSystem interface {
	FS() sources.FS
}

// Memoizer is an Env that shares values between sessions: Memo returns
// the value stored under key, computing and storing it on first use, and
// must be safe for concurrent use. Compiled plans (immutable) are shared
// this way by promptc test's cases and promptc serve's requests.
type Memoizer interface {
	Memo(key string, compute func() any) any
}

// Executors is an Env that says how exec transforms run (promptc test:
// only with --allow-exec, and with the case's own variables). Without it
// they run as child processes with the host's environment.
type Executors interface {
	Executor(dir string) engine.Executor
}

// OS is the process's own environment. Snapshot, when set, is the file
// system builds read instead of the OS's (a one-shot command's snapshot,
// so that each path is looked up once).
type OS struct {
	Snapshot sources.FS
}

var _ Env = OS{}

func (OS) Getenv(k string) string { return os.Getenv(k) }

// Getwd returns the physical working directory. os.Getwd would return
// $PWD when it names the same directory, which keeps symlinks; pi uses
// process.cwd(), the kernel's answer.
func (OS) Getwd() (string, error) { return syscall.Getwd() }

// Today is the UTC date $SOURCE_DATE_EPOCH pins, else the local date. A
// malformed value is reported when params are assembled, before Today is
// used.
func (OS) Today() string {
	d, err := sourcedate.Today(os.Getenv(sourcedate.Var), time.Now)
	if err != nil {
		return time.Now().Format(time.DateOnly)
	}
	return d
}

func (OS) Stdin() io.Reader { return os.Stdin }

func (OS) Home() string {
	if h := os.Getenv("HOME"); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}
