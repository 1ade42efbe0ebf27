// The JSON wire format shared by healthd and its client.
