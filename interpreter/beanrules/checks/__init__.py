"""Checks over compiled rule models: comparing rulebooks (diff); later, verify."""
