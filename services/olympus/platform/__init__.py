"""What every Olympus service shares: settings, the gRPC server runner, error mapping."""
