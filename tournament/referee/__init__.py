"""The product side of the referee's work: the table form (forms.py), its preview computed by the rules engine
(preview.py) and the penalty forms. The pages are in views/referee/, the writes in services/."""
