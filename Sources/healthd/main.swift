import HealthDaemon

print("healthd: not yet")
