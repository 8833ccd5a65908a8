# bash completion for skillctl. Nothing skillctl prints is evaluated: each output line is
# one candidate, read as plain text.
_skillctl_completion() {
    local line
    COMPREPLY=()
    while IFS= read -r line; do
        [[ -n $line ]] && COMPREPLY+=("$line")
    done < <(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD="$COMP_CWORD" \
                 _SKILLCTL_COMPLETE=complete_bash "$1" 2>/dev/null)
    return 0
}

complete -o default -F _skillctl_completion skillctl
