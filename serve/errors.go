package serve

import (
	"net/http"

	"github.com/promptc/promptc/diag"
	"github.com/promptc/promptc/policy"
)

// Error codes of an [Error] reply.
const (
	CodeBadRequest   = "bad_request"   // not a valid request object
	CodeTooLarge     = "too_large"     // the request is over the size limit
	CodeOutsideRoots = "outside_roots" // its cwd or a file it names is outside every --root
	CodeUsage        = "usage"         // bad build flags (the CLI's exit 2)
	CodePipeline     = "pipeline"      // pipeline errors (the CLI's exit 1)
	CodePolicy       = "policy"        // a run refused: its prompt would lose a locked, required or final section (the CLI's exit 6)
	CodeIO           = "io"            // I/O errors (the CLI's exit 3)
	CodeTimeout      = "timeout"       // the request took longer than the timeout
	CodeBusy         = "busy"          // no free slot within the timeout
	CodeInternal     = "internal"      // a failure of promptc itself
	CodeNotFound     = "not_found"     // HTTP: no such endpoint
	CodeMethod       = "method"        // HTTP: wrong method for the endpoint
	CodeHost         = "bad_host"      // HTTP: a Host header that is not this loopback server
	CodeMediaType    = "media_type"    // HTTP: a body that is not Content-Type: application/json
)

// Error is a failed request's reply: {"error": {...}}.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Exit is the exit status the same command line would have had
	// (1 pipeline, 2 usage, 3 I/O), when there is one.
	Exit int `json:"exit,omitempty"`
	// Diagnostics are the pipeline errors, positioned.
	Diagnostics diag.List `json:"diagnostics,omitempty"`
	// Policy is the policy in force (promptc policy --json's report)
	// when the system and user layers put one in force: a section
	// locked or required, on_failure set, or a layer that cannot be
	// read. Absent, the client may fall back to its own prompt.
	Policy *policy.Report `json:"policy,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// status is the HTTP status of an error reply.
func (e *Error) status() int {
	switch e.Code {
	case CodeBadRequest, CodeUsage:
		return http.StatusBadRequest
	case CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case CodeOutsideRoots:
		return http.StatusForbidden
	case CodePipeline, CodePolicy:
		return http.StatusUnprocessableEntity
	case CodeTimeout:
		return http.StatusGatewayTimeout
	case CodeBusy:
		return http.StatusServiceUnavailable
	case CodeNotFound:
		return http.StatusNotFound
	case CodeMethod:
		return http.StatusMethodNotAllowed
	case CodeHost:
		return http.StatusMisdirectedRequest
	case CodeMediaType:
		return http.StatusUnsupportedMediaType
	}
	return http.StatusInternalServerError
}

// errorReply is the JSON shape of an error reply.
type errorReply struct {
	Error *Error `json:"error"`
}
