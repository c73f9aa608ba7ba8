package agentrun

// Exit statuses of promptc's refusals to run or capture an agent. Each
// names one cause; none is used by a successful run, whose status is the
// agent's own.
const (
	ExitUnknownAgent  = 2   // not an agent promptc knows (a usage error)
	ExitUnsupported   = 4   // the installed version lacks a verified hook
	ExitNoCapture     = 5   // the mode needs a captured base prompt and none fits
	ExitCorruptCache  = 6   // a capture entry is unreadable or fails its checksum
	ExitLayerMismatch = 7   // a layer asks for what the mode cannot hand over
	ExitCaptureFailed = 8   // the CLI did not complete a turn against the fake server
	ExitCannotStart   = 126 // the CLI is on PATH but could not be started (the shell's "cannot execute")
	ExitNotInstalled  = 127 // the CLI is not on PATH (the shell's "command not found")
)

// Error is a refusal with its exit status.
type Error struct {
	Code int
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// ExitStatus is the status promptc exits with for e.
func (e *Error) ExitStatus() int { return e.Code }
