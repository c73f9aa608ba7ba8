// Package host runs promptc pipelines the way the promptc command does,
// for any Go host: it finds the configuration layers (system, user and
// the trust-gated project layer), compiles the pipeline they select,
// assembles its params from bindings (flags, environment, host facts),
// keeps compiled plans, and builds, explains and expands.
//
// A host describes what to run as a [Request] (data: the pipeline,
// overlays, --set overrides, params, bound-flag occurrences) and opens a
// [Session] with [Host.Open]; the session's Build, Explain and Expand
// run it. Package [github.com/promptc/promptc/host/args] turns a command
// line (promptc's, or a serve request's args) into a Request with the
// selected pipeline's flags.
//
// Layers: the system layer ($PROMPTC_SYSTEM_CONFIG, else
// /etc/promptc/config.yaml), the user layer ($PROMPTC_USER_CONFIG, else
// $XDG_CONFIG_HOME/promptc/config.yaml or ~/.config/promptc/config.yaml)
// and the project layer (.promptc.yaml from the cwd up to the project
// root), which applies only when the pipeline's own trust decision (its
// explain trust source) trusts the project by a decision. A layer's
// pipeline: key scopes it to one pipeline family; default_pipeline: in a
// system or user layer selects the pipeline of a request that names none.
//
// Caches: a Host keeps the plans it compiled (in its Env's [Memoizer]
// when there is one; [PlanCache] is a bounded one), and a [BuilderCache]
// set as Host.Builders keeps warm Builders by plan and working directory,
// so that a long-lived host (promptc serve) reads only what changed.
//
// Everything the host reads goes through its [Env] (variables, working
// directory, home, date, standard input, and optionally a file system, a
// plan memo and an executor); nothing here keeps global state.
package host
