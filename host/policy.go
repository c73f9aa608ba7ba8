package host

import (
	"errors"
	"io/fs"

	"github.com/promptc/promptc/policy"
)

// Policy is the policy the system and user layers put in force (package
// policy), read through e and compiling nothing. A layer that does not
// exist is skipped. One that exists but cannot be read ends the scan with
// its error, and the report then says block with the layer unreadable:
// policy may be in it, so a caller that answers anyway fails closed.
func Policy(e Env) (policy.Report, error) {
	system, user := ConfigPaths(e)
	var layers []policy.Layer
	for _, p := range []string{system, user} {
		data, err := ReadFile(e, p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return policy.Report{OnFailure: policy.Block, Sections: []policy.Section{}, Unreadable: []policy.Unreadable{{Path: p, Error: err.Error()}}}, err
		}
		layers = append(layers, policy.Layer{Path: p, Data: data})
	}
	return policy.Scan(layers), nil
}
