"""bhstudy: what-if studies over bhsim (bhsim-sweep, bhsim-diff). docs/studies.md."""
