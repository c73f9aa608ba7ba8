package host

import "github.com/promptc/promptc/engine"

// UsageError is a request the caller got wrong (a bad --set, an unknown
// pipeline or param, a malformed params file): the CLI's exit status 2.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// LockedError is a request that sets a param a configuration layer
// locked: the configuration, not the request's form, forbids it (the
// CLI's exit status 1, like every other lock violation).
type LockedError struct{ Err *engine.LockedParamError }

func (e LockedError) Error() string { return e.Err.Error() }

func (e LockedError) Unwrap() error { return e.Err }
